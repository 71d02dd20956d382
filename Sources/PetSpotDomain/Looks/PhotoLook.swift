/// What a pet's photo looks like to the look-alikes model, kept compactly: its features as one byte each, scaled
/// so the largest is 255. The features are never negative (the model's last layer is a ReLU6, averaged), so bytes
/// keep them to within 0.2 % and the cosine between two looks barely moves.
public struct PhotoLook: Sendable, Equatable {
    /// How many features a look has.
    public static let count = 1280

    /// The features, a byte each.
    public let bytes: [UInt8]
    let norm: Double

    /// A look from the model's features; nil when their count is wrong or they are all zero.
    public init?(features: [Float]) {
        guard features.count == Self.count, let largest = features.max(), largest > 0 else { return nil }
        self.init(unchecked: features.map { UInt8(max(0, min(255, ($0 / largest * 255).rounded()))) })
    }

    /// A stored look; nil when the bytes are not one.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Self.count, bytes.contains(where: { $0 != 0 }) else { return nil }
        self.init(unchecked: bytes)
    }

    private init(unchecked bytes: [UInt8]) {
        self.bytes = bytes
        var sum = 0
        for byte in bytes { sum += Int(byte) * Int(byte) }
        norm = Double(sum).squareRoot()
    }

    /// The cosine between the two looks: 1 for the same photo, lower the less alike.
    public func likeness(to other: PhotoLook) -> Double {
        var dot = 0
        bytes.withUnsafeBufferPointer { a in
            other.bytes.withUnsafeBufferPointer { b in
                for index in 0..<Self.count { dot &+= Int(a[index]) &* Int(b[index]) }
            }
        }
        return Double(dot) / (norm * other.norm)
    }
}
