import Foundation
import PetSpotWeb
import Testing
@testable import PetSpotClient

/// Seed 003's `SummaryView.Constants`, row by row, and the web's code box using the same values.
@Suite struct SummaryDesignTokensTests {
    @Test func tokensAreTheSeedsValues() {
        let t = SummaryDesignTokens.summary
        #expect(
            [t.gradientStartColor, t.gradientEndColor, t.glowColor, t.titleColor, t.bodyColor, t.buttonBackgroundColor]
                == ["#5C33FF", "#F84BA1", "#FB64B6", "#CC000000", "#545F71", "#155DFC"])
        #expect(t.glowOpacity == 0.2 && t.glowBlurRadius == 20)
        #expect(t.passwordBackgroundCornerRadius == 10 && t.buttonCornerRadius == 10)
        #expect(t.titleFontSize == 32 && t.bodyFontSize == 16 && t.bodyLineSpacing == 6.4)
        #expect(t.passwordFontName == "Arial" && t.passwordFontSize == 60 && t.passwordKerning == -1.5)
        #expect(t.buttonFontSize == 18 && t.buttonFontWeight == "semibold")
        #expect(t.horizontalPadding == 22 && t.verticalSpacing == 24 && t.topSafeAreaInset == 32 && t.bottomSafeAreaInset == 16)
        #expect(t.passwordContainerWidth == 328 && t.passwordContainerHeight == 90 && t.buttonWidth == 327 && t.buttonHeight == 52)
    }

    @Test func hexColoursMapToComponents() throws {
        let title = try #require(DesignColor(hex: "#CC000000"))
        #expect(title.red == 0 && title.green == 0 && title.blue == 0 && abs(title.alpha - 0.8) < 0.001)
        let start = try #require(DesignColor(hex: SummaryDesignTokens.summary.gradientStartColor))
        #expect(start == DesignColor(hex: "#5C33FF") && abs(start.red - 92.0 / 255) < 1e-9 && start.alpha == 1)
        #expect(DesignColor(hex: "5C33FF") == nil && DesignColor(hex: "#5C33") == nil && DesignColor(hex: "#GGGGGG") == nil)
    }

    @Test func theWebsCodeBoxUsesTheSameValues() throws {
        let css = String(decoding: try #require(StaticFiles.all["site.css"]).data, as: UTF8.self)
        let box = try #require(css.firstMatch(of: /\.code-box \{[^}]*\}/)).output
        let t = SummaryDesignTokens.summary
        #expect(box.contains("linear-gradient(90deg, \(t.gradientStartColor), \(t.gradientEndColor))"))
        #expect(box.contains("0 0 20px rgba(251, 100, 182, 0.2)") && box.contains("border-radius: 10px") && box.contains("max-width: 328px"))
        let code = try #require(css.firstMatch(of: /\.code \{[^}]*\}/)).output
        #expect(code.contains("font-family: Arial") && code.contains("font-size: 60px") && code.contains("letter-spacing: -1.5px"))
    }
}
