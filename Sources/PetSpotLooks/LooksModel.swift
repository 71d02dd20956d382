import CPetSpotLooks
import PetSpotDomain

/// Why a photo has no look, or the model did not open.
public struct LooksError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String
    public init(description: String) { self.description = description }
}

/// The look-alikes model, running in this process on ONNX Runtime's C API. One model serves every thread, and
/// it is never closed: `LooksFiles.open` keeps it for the life of the process.
public final class LooksModel: @unchecked Sendable {
    private let handle: OpaquePointer
    /// ONNX Runtime's version, e.g. "1.32.0".
    public let runtimeVersion: String

    /// Opens ONNX Runtime's library at `runtime` and the model file at `model`, to run on `threads` threads.
    init(runtime: String, model: String, threads: Int = 1) throws(LooksError) {
        var error = [CChar](repeating: 0, count: 512)
        guard let handle = petspot_looks_open(runtime, model, Int32(threads), &error, error.count) else {
            throw LooksError(description: Self.message(error))
        }
        self.handle = handle
        runtimeVersion = String(cString: petspot_looks_runtime_version(handle))
    }

    /// Which photo types can be compared here: some of "JPEG", "PNG" and "WebP", by the libraries found.
    public static var photoTypes: [String] {
        let decoders = petspot_image_decoders()
        return [(1, "JPEG"), (2, "PNG"), (4, "WebP")].filter { decoders & $0.0 != 0 }.map(\.1)
    }

    /// The look of a photo (its bytes as uploaded).
    public func look(at photo: [UInt8]) throws(LooksError) -> PhotoLook {
        let (features, _) = try run(on: Self.tensor(of: photo), classes: false)
        guard let look = PhotoLook(features: features) else { throw LooksError(description: "the photo has no features") }
        return look
    }

    /// The model's 1,000 ImageNet class scores for a photo: how the conversion of the model is checked.
    public func classScores(of photo: [UInt8]) throws(LooksError) -> [Float] {
        try run(on: Self.tensor(of: photo), classes: true).1
    }

    /// The model's input for a photo: decoded, upright, its centre square scaled to 224 × 224, normalised.
    public static func tensor(of photo: [UInt8]) throws(LooksError) -> [Float] {
        var image = petspot_image()
        var error = [CChar](repeating: 0, count: 256)
        let status = photo.withUnsafeBufferPointer {
            petspot_image_decode($0.baseAddress, $0.count, Int32(PETSPOT_LOOKS_SIDE), &image, &error, error.count)
        }
        guard status == 0 else { throw LooksError(description: message(error)) }
        defer { petspot_image_free(&image) }
        var tensor = [Float](repeating: 0, count: 3 * PETSPOT_LOOKS_SIDE * PETSPOT_LOOKS_SIDE)
        petspot_image_tensor(&image, &tensor)
        return tensor
    }

    private func run(on tensor: [Float], classes: Bool) throws(LooksError) -> ([Float], [Float]) {
        var features = [Float](repeating: 0, count: PhotoLook.count)
        var scores = [Float](repeating: 0, count: classes ? PETSPOT_LOOKS_CLASSES : 0)
        var error = [CChar](repeating: 0, count: 512)
        let status = scores.withUnsafeMutableBufferPointer { scores in
            petspot_looks_run(handle, tensor, &features, classes ? scores.baseAddress : nil, &error, error.count)
        }
        guard status == 0 else { throw LooksError(description: Self.message(error)) }
        return (features, scores)
    }

    private static func message(_ error: [CChar]) -> String {
        String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
