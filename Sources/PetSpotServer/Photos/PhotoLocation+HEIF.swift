import Foundation

/// HEIC and HEIF (ISO base media files): the `Exif` item that the `meta` box's item list (`iinf`)
/// names, found where its item locations (`iloc`) put it in the file, loses its GPS block.
extension PhotoLocation {
    static func heif(_ handle: FileHandle) throws {
        var offset: UInt64 = 0
        while let (type, start, size) = try box(handle, at: offset) {
            if type == "meta" {
                guard size <= 1 << 20, let meta = try read(handle, at: start, count: Int(size)) else { return }
                return try exif(in: meta, handle)
            }
            let (next, overflow) = start.addingReportingOverflow(size)
            guard !overflow else { return }
            offset = next
        }
    }

    /// The box at `offset`: its type, where its content starts and how long it is.
    private static func box(_ handle: FileHandle, at offset: UInt64) throws -> (String, UInt64, UInt64)? {
        guard let head = try read(handle, at: offset, count: 8) else { return nil }
        var size = UInt64(TIFFGPS.number(Array(head[0..<4]), bigEndian: true)), header: UInt64 = 8
        if size == 1, let large = try read(handle, at: offset + 8, count: 8) {
            size = large.reduce(0) { $0 << 8 | UInt64($1) }
            header = 16
        } else if size == 0 {
            size = try handle.seekToEnd() - offset
        }
        guard size >= header else { return nil }
        return (String(decoding: head[4..<8], as: UTF8.self), offset + header, size - header)
    }

    /// The boxes in `bytes[range]`, in order: each one's type and content.
    private static func children(_ bytes: [UInt8], _ range: Range<Int>) -> [(type: String, content: Range<Int>)] {
        var found: [(String, Range<Int>)] = [], at = range.lowerBound
        while at + 8 <= range.upperBound {
            let size = Int(TIFFGPS.number(Array(bytes[at..<at + 4]), bigEndian: true))
            guard size >= 8, at + size <= range.upperBound else { break }
            found.append((String(decoding: bytes[at + 4..<at + 8], as: UTF8.self), at + 8..<at + size))
            at += size
        }
        return found
    }

    /// `meta` (after its version and flags): the Exif item's id from `iinf`, its place from `iloc`.
    private static func exif(in meta: [UInt8], _ handle: FileHandle) throws {
        let boxes = children(meta, min(4, meta.count)..<meta.count)
        let list = boxes.first { $0.type == "iinf" }?.content, locations = boxes.first { $0.type == "iloc" }?.content
        guard let list, let locations, let item = exifItem(meta, list),
            let (offset, length) = location(of: item, meta, locations), length <= 1 << 20,
            var data = try read(handle, at: offset, count: length), data.count >= 4
        else { return }
        let tiff = 4 + Int(TIFFGPS.number(Array(data[0..<4]), bigEndian: true))
        if TIFFGPS.scrub(&data, at: tiff) { try write(data, to: handle, at: offset) }
    }

    private static func exifItem(_ meta: [UInt8], _ list: Range<Int>) -> Int? {
        guard list.count >= 6 else { return nil }
        let entries = list.lowerBound + (meta[list.lowerBound] == 0 ? 6 : 8)
        guard entries <= list.upperBound else { return nil }
        for (type, entry) in children(meta, entries..<list.upperBound) where type == "infe" && !entry.isEmpty {
            // `infe` version 2 (a 16-bit id) or 3 (32-bit), then the protection index and the item type.
            let version = meta[entry.lowerBound], idSize = version == 3 ? 4 : 2
            let id = entry.lowerBound + 4, kind = id + idSize + 2
            if version >= 2, kind + 4 <= entry.upperBound, String(decoding: meta[kind..<kind + 4], as: UTF8.self) == "Exif" {
                return Int(TIFFGPS.number(Array(meta[id..<id + idSize]), bigEndian: true))
            }
        }
        return nil
    }

    /// The file offset and length of `item`'s first extent (items kept in the file itself only).
    private static func location(of item: Int, _ meta: [UInt8], _ box: Range<Int>) -> (UInt64, Int)? {
        var at = box.lowerBound
        func take(_ count: Int) -> Int? {
            guard count > 0 else { return 0 }
            guard at + count <= box.upperBound else { return nil }
            defer { at += count }
            // Nothing in a 20 MiB file lies past 2^40: a larger number is no place in it.
            let value = meta[at..<at + count].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return value < 1 << 40 ? Int(value) : nil
        }
        guard let version = take(1), take(3) != nil, let sizes = take(1), let more = take(1) else { return nil }
        let (offsetSize, lengthSize, baseSize) = (sizes >> 4, sizes & 15, more >> 4)
        let indexSize = version >= 1 ? more & 15 : 0, idSize = version < 2 ? 2 : 4
        guard let count = take(version < 2 ? 2 : 4) else { return nil }
        for _ in 0..<count {
            guard let id = take(idSize) else { return nil }
            var method = 0
            if version >= 1 { guard let value = take(2) else { return nil }; method = value & 15 }
            guard take(2) != nil, let base = take(baseSize), let extents = take(2) else { return nil }
            var first: (UInt64, Int)?
            for _ in 0..<extents {
                guard take(indexSize) != nil, let offset = take(offsetSize), let length = take(lengthSize) else { return nil }
                if first == nil { first = (UInt64(base + offset), length) }
            }
            if id == item { return method == 0 ? first : nil }
        }
        return nil
    }
}
