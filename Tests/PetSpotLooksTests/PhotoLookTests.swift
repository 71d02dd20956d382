import PetSpotDomain
import Testing

@Suite struct PhotoLookTests {
    @Test func bytesKeepTheCosineOfTheFeatures() throws {
        let a: [Float] = (0..<PhotoLook.count).map { Float(($0 * 37) % 101) / 17 }
        let b: [Float] = (0..<PhotoLook.count).map { Float(($0 * 53) % 89) / 13 }
        var dot: Float = 0, na: Float = 0, nb: Float = 0
        for i in a.indices {
            dot += a[i] * b[i]
            na += a[i] * a[i]
            nb += b[i] * b[i]
        }
        let exact = Double(dot / (na.squareRoot() * nb.squareRoot()))
        let lookA = try #require(PhotoLook(features: a)), lookB = try #require(PhotoLook(features: b))
        #expect(abs(lookA.likeness(to: lookB) - exact) < 0.002)
        #expect(abs(lookA.likeness(to: lookA) - 1) < 1e-9)
        #expect(PhotoLook(bytes: lookA.bytes) == lookA)
    }

    @Test func wrongSizesAndEmptyFeaturesAreNoLook() {
        #expect(PhotoLook(features: [1, 2, 3]) == nil)
        #expect(PhotoLook(features: [Float](repeating: 0, count: PhotoLook.count)) == nil)
        #expect(PhotoLook(bytes: [UInt8](repeating: 0, count: PhotoLook.count)) == nil)
        #expect(PhotoLook(bytes: [UInt8](repeating: 1, count: 10)) == nil)
    }
}
