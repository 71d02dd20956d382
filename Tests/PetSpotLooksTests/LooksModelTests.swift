import Foundation
import PetSpotDomain
import PetSpotLooks
import PetSpotTestSupport
import Testing

@Suite struct LooksModelTests {
    @Test(arguments: ["chelsea.png", "coffee.png"])
    func preprocessingMatchesTheConvertersReference(name: String) throws {
        let reference = try LooksFixture.reference(name)
        let tensor = try LooksModel.tensor(of: try LooksFixture.photo(name))
        let plane = 224 * 224
        for channel in 0..<3 {
            let mean = tensor[channel * plane..<(channel + 1) * plane].reduce(0, +) / Float(plane)
            #expect(abs(mean - reference.channelMeans[channel]) < 1e-4)
        }
        let places = [(0, 0, 0), (1, 111, 57), (2, 223, 223), (0, 150, 200)]
        for (index, (channel, y, x)) in places.enumerated() {
            #expect(abs(tensor[channel * plane + y * 224 + x] - reference.samples[index]) < 1e-4)
        }
    }

    @Test(arguments: ["chelsea.png", "coffee.png"])
    func theModelAgreesWithTheReferenceRun(name: String) throws {
        let model = try LooksFixture.model.get()
        let reference = try LooksFixture.reference(name)
        let photo = try LooksFixture.photo(name)
        let scores = try model.classScores(of: photo)
        let top = scores.indices.sorted { scores[$0] > scores[$1] }.prefix(5)
        #expect(Array(top) == reference.topClasses)
        let look = try model.look(at: photo)
        #expect(look.likeness(to: try #require(PhotoLook(features: reference.features))) > 0.999)
    }

    @Test func aCatIsSeenAsACatAndACupAsACup() throws {
        let model = try LooksFixture.model.get()
        // ImageNet's classes 281–285 are domestic cats; 967 is espresso.
        let cat = try model.classScores(of: try LooksFixture.photo("chelsea.png"))
        #expect((281...285).contains(cat.indices.max { cat[$0] < cat[$1] }!))
        let cup = try model.classScores(of: try LooksFixture.photo("coffee.png"))
        #expect(cup.indices.max { cup[$0] < cup[$1] }! == 967)
    }

    /// Without libturbojpeg a JPEG is refused with a reason (and its report is simply not compared).
    static let readsJPEG = LooksModel.photoTypes.contains("JPEG")

    @Test func aJPEGIsReadWithLibturbojpegAndRefusedClearlyWithout() throws {
        let jpeg = try LooksFixture.photo("chelsea.jpg")
        guard Self.readsJPEG else {
            #expect(throws: LooksError(description: "photos of this type are not compared")) { try LooksModel.tensor(of: jpeg) }
            return
        }
        #expect(try LooksModel.tensor(of: jpeg).count == 3 * 224 * 224)
    }

    @Test func theSamePhotoAsJPEGWebPOrOnItsSideLooksTheSame() throws {
        let model = try LooksFixture.model.get()
        let original = try model.look(at: try LooksFixture.photo("chelsea.png"))
        for copy in ["chelsea.webp"] + (Self.readsJPEG ? ["chelsea.jpg", "chelsea-on-its-side.jpg"] : []) {
            let look = try model.look(at: try LooksFixture.photo(copy))
            #expect(look.likeness(to: original) > 0.97, "\(copy)")
        }
        let cup = try model.look(at: try LooksFixture.photo("coffee.png"))
        #expect(cup.likeness(to: original) < 0.8)
    }

    @Test func anUprightTensorComesFromAPhotoStoredOnItsSide() throws {
        guard Self.readsJPEG else {
            #expect(throws: LooksError.self) { try LooksModel.tensor(of: try LooksFixture.photo("chelsea-on-its-side.jpg")) }
            return
        }
        let upright = try LooksModel.tensor(of: try LooksFixture.photo("chelsea.jpg"))
        let turned = try LooksModel.tensor(of: try LooksFixture.photo("chelsea-on-its-side.jpg"))
        // Turned the wrong way, the picture would be upside down: compare with that to see how far apart is apart.
        let plane = 224 * 224
        let upsideDown = (0..<upright.count).map { index in
            let (channel, place) = index.quotientAndRemainder(dividingBy: plane)
            return turned[channel * plane + plane - 1 - place]
        }
        let difference = zip(upright, turned).map { abs($0 - $1) }.reduce(0, +) / Float(upright.count)
        let wrongWay = zip(upright, upsideDown).map { abs($0 - $1) }.reduce(0, +) / Float(upright.count)
        #expect(difference < 0.08)
        #expect(wrongWay > 4 * difference, "\(wrongWay) \(difference)")
    }

    @Test func whatIsNotAPhotoIsRefusedWithAReason() throws {
        #expect(throws: LooksError.self) { try LooksModel.tensor(of: Array("GIF89a and then nothing".utf8)) }
        #expect(throws: LooksError.self) { try LooksModel.tensor(of: [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 1, 2]) }
        var truncated = try LooksFixture.photo("chelsea.png")
        truncated.removeLast(truncated.count / 2)
        #expect(throws: LooksError.self) { try LooksModel.tensor(of: truncated) }
    }

    @Test func aMissingModelSaysWhatIsMissing() {
        let files = LooksFiles(directory: URL(fileURLWithPath: "/nonexistent/model"))
        #expect(files.problem()?.contains("no model at /nonexistent/model") == true)
        #expect(throws: LooksError.self) { try files.open() }
    }
}
