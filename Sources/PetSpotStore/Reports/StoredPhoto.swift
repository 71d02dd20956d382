import Foundation

/// The photo file of a row: the stored name, or for rows from before versioned names, the URL's last part.
public enum StoredPhoto {
    public static func file(stored: String?, url: String?) -> String? {
        if let stored { return stored }
        guard let url, let slash = url.lastIndex(of: "/") else { return nil }
        let name = String(url[url.index(after: slash)...])
        return name.isEmpty ? nil : name
    }
}
