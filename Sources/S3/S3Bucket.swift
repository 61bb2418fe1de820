import Foundation

/// Where objects go: an S3-compatible store's endpoint, a bucket, an optional key prefix inside it,
/// the region its signatures name, and the keys that sign them.
///
/// Read from a location such as `s3://photos/wishlist?endpoint=http://127.0.0.1:8333&region=eu-west-1`
/// with the keys in the environment (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`), as every
/// S3 tool reads them, so that no secret sits in a command line or a process list. Requests use
/// path-style addresses (`endpoint/bucket/key`), which every S3-compatible store answers.
public struct S3Bucket: Sendable, Equatable {
    public let endpoint: URL
    public let name: String
    /// Prepended to every key ("" or ending in "/"), so that one bucket can hold several things.
    public let prefix: String
    public let region: String
    public let accessKey: String
    public let secretKey: String

    public init(endpoint: URL, name: String, prefix: String = "", region: String, accessKey: String, secretKey: String) {
        self.endpoint = endpoint
        self.name = name
        self.prefix = prefix
        self.region = region
        self.accessKey = accessKey
        self.secretKey = secretKey
    }

    /// Whether `text` names an S3 location rather than a folder.
    public static func isLocation(_ text: String) -> Bool {
        text.hasPrefix("s3://")
    }

    /// The bucket `location` names, with the keys from `environment`.
    /// - Throws: `S3Error.invalidConfiguration` saying what is missing or wrong.
    public init(location: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(S3Error) {
        guard Self.isLocation(location), let components = URLComponents(string: location), let bucket = components.host,
            !bucket.isEmpty
        else {
            throw .invalidConfiguration("\(location) is not s3://BUCKET[/PREFIX]?endpoint=URL&region=REGION")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard ["endpoint", "region"].contains(item.name) else {
                throw .invalidConfiguration("unknown setting \(item.name) (known: endpoint, region)")
            }
            query[item.name] = item.value ?? ""
        }
        let region = query["region"] ?? environment["AWS_REGION"] ?? "us-east-1"
        guard !region.isEmpty, region.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw .invalidConfiguration("the region \(region) is not a region name such as eu-west-1")
        }
        let endpointText = query["endpoint"] ?? "https://s3.\(region).amazonaws.com"
        guard let endpoint = URL(string: endpointText), ["http", "https"].contains(endpoint.scheme ?? ""),
            endpoint.host?.isEmpty == false, endpoint.query == nil
        else {
            throw .invalidConfiguration("the endpoint \(endpointText) is not an http or https URL")
        }
        guard let accessKey = environment["AWS_ACCESS_KEY_ID"], !accessKey.isEmpty,
            let secretKey = environment["AWS_SECRET_ACCESS_KEY"], !secretKey.isEmpty
        else {
            throw .invalidConfiguration("set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment")
        }
        let path = components.path.split(separator: "/").joined(separator: "/")
        self.init(
            endpoint: endpoint, name: bucket, prefix: path.isEmpty ? "" : path + "/", region: region, accessKey: accessKey,
            secretKey: secretKey)
    }

    /// The location as given, without the keys: for logs and messages.
    public var description: String {
        "s3://\(name)/\(prefix)?endpoint=\(endpoint.absoluteString)&region=\(region)"
    }
}
