import Foundation

/// What the photo picker handed over: the bytes and the name of the picked file.
public struct PhotoSelection: Sendable, Equatable {
    public var data: Data
    public var fileName: String

    public init(data: Data, fileName: String) {
        self.data = data
        self.fileName = fileName
    }
}
