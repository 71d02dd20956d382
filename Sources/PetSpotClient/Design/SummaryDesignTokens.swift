/// Seed 003's `SummaryView.Constants` (the report-created screen, from Figma) as platform-neutral
/// values: colours as hex strings (`#RRGGBB`, or `#AARRGGBB` with alpha first, as the seed writes them)
/// and sizes in points. A SwiftUI layer maps each in one line, e.g.
/// `Color(red: c.red, green: c.green, blue: c.blue, opacity: c.alpha)` with `c = DesignColor(hex:)!`.
/// The web's created page uses the same values (site.css, `.code-box`).
public struct SummaryDesignTokens: Sendable, Equatable {
    public var gradientStartColor = "#5C33FF"
    public var gradientEndColor = "#F84BA1"
    public var glowColor = "#FB64B6"
    public var glowOpacity = 0.2
    public var glowBlurRadius = 20.0

    /// 80 % black (ARGB: `CC` is the alpha).
    public var titleColor = "#CC000000"
    public var bodyColor = "#545F71"
    public var passwordBackgroundCornerRadius = 10.0
    public var buttonBackgroundColor = "#155DFC"
    public var buttonCornerRadius = 10.0

    public var titleFontSize = 32.0
    public var bodyFontSize = 16.0
    public var bodyLineSpacing = 6.4
    public var passwordFontName = "Arial"
    public var passwordFontSize = 60.0
    public var passwordKerning = -1.5
    public var buttonFontSize = 18.0
    /// The button's font weight, by its usual name (`semibold`).
    public var buttonFontWeight = "semibold"

    public var horizontalPadding = 22.0
    public var verticalSpacing = 24.0
    public var topSafeAreaInset = 32.0
    public var bottomSafeAreaInset = 16.0

    public var passwordContainerWidth = 328.0
    public var passwordContainerHeight = 90.0
    public var buttonWidth = 327.0
    public var buttonHeight = 52.0

    public init() {}

    /// The values of seed 003.
    public static let summary = SummaryDesignTokens()
}

/// A colour from a design token, as 0…1 components.
public struct DesignColor: Sendable, Equatable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// `#RRGGBB` (opaque) or `#AARRGGBB` (alpha first); nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#"), let value = UInt64(hex.dropFirst(), radix: 16) else { return nil }
        let channel = { (shift: UInt64) in Double((value >> shift) & 0xFF) / 255 }
        switch hex.count {
        case 7: (red, green, blue, alpha) = (channel(16), channel(8), channel(0), 1)
        case 9: (red, green, blue, alpha) = (channel(16), channel(8), channel(0), channel(24))
        default: return nil
        }
    }
}
