import Crypto
import Foundation
import S3

/// Where a server keeps its photo files (`--media`): a folder, the data directory's `media/` unless
/// told otherwise, or an S3 bucket for servers on several machines.
public enum MediaLocation: Sendable, Equatable {
    case folder(String)
    /// A bucket, with the folder on this machine where files are made and copies kept.
    case s3(S3Bucket, workFolder: String)

    /// The location `text` names: `s3://BUCKET[/PREFIX]?endpoint=URL&region=REGION` (keys from
    /// `environment`), or a folder. A bucket's work folder is `s3-cache/` in `dataDirectory`.
    /// - Throws: `S3Error.invalidConfiguration` for an `s3://` location that is not usable.
    public init(_ text: String, dataDirectory: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(S3Error)
    {
        if S3Bucket.isLocation(text) {
            self = .s3(
                try S3Bucket(location: text, environment: environment),
                workFolder: (dataDirectory as NSString).appendingPathComponent("s3-cache"))
        } else {
            self = .folder(text)
        }
    }

    /// The location as a person may read it: the folder, or the bucket without its keys.
    public var description: String {
        switch self {
        case .folder(let path): path
        case .s3(let bucket, _): bucket.description
        }
    }

    /// Checks that the files can be kept there: for a bucket, that it exists and the keys may
    /// use it. A clear error at start-up, rather than at the first photo.
    public func check() throws {
        if case .s3(let bucket, _) = self { try S3Client(bucket: bucket).checkAccess() }
    }

    /// Moves the photo files of the media folder at `folder` (a restored backup's) here, then removes
    /// that folder; nothing to do when it is this location's own folder.
    public func receive(_ folder: String) throws {
        if case .folder(let path) = self,
            URL(fileURLWithPath: path).standardizedFileURL == URL(fileURLWithPath: folder).standardizedFileURL
        {
            return
        }
        let source = try MediaFolder(folder)
        let target = try store()
        let staging = target.workFolder.appendingPathComponent("staging")
        for top in ["originals/", "renditions/"] {
            for entry in source.list(under: top) {
                // Copied into the target's own staging folder first: a folder store renames from there.
                let staged = staging.appendingPathComponent(SecureRandom.uuid().lowercasedString).path
                defer { unlink(staged) }
                try FileManager.default.copyItem(atPath: source.root.appendingPathComponent(entry.name).path, toPath: staged)
                try FileSync.file(staged)
                try target.keep([(staged, entry.name)])
            }
        }
        try FileManager.default.removeItem(atPath: folder)
    }

    func store() throws -> any MediaStore {
        switch self {
        case .folder(let path): try MediaFolder(path)
        case .s3(let bucket, let workFolder): try S3Media(client: S3Client(bucket: bucket), workFolder: workFolder)
        }
    }
}
