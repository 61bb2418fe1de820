import Foundation
import S3
import Testing

struct S3BucketTests {
    let keys = ["AWS_ACCESS_KEY_ID": "id", "AWS_SECRET_ACCESS_KEY": "secret"]

    @Test func aLocationNamesBucketPrefixEndpointAndRegion() throws {
        let bucket = try S3Bucket(location: "s3://photos/team/wishlist?endpoint=http://10.0.0.5:8333&region=eu-west-1", environment: keys)
        #expect(bucket.name == "photos")
        #expect(bucket.prefix == "team/wishlist/")
        #expect(bucket.endpoint.absoluteString == "http://10.0.0.5:8333")
        #expect(bucket.region == "eu-west-1")
        #expect(bucket.accessKey == "id" && bucket.secretKey == "secret")
        #expect(!bucket.description.contains("secret"))
    }

    @Test func withoutAnEndpointItIsAWSInTheRegion() throws {
        let bucket = try S3Bucket(location: "s3://photos", environment: keys.merging(["AWS_REGION": "ap-northeast-2"]) { $1 })
        #expect(bucket.prefix == "")
        #expect(bucket.endpoint.absoluteString == "https://s3.ap-northeast-2.amazonaws.com")
    }

    @Test(arguments: [
        "s3://", "s3:///prefix", "http://photos", "s3://photos?endpoint=ftp://x", "s3://photos?endpoint=", "s3://photos?region=eu west",
        "s3://photos?colour=blue", "s3://photos?endpoint=http://x/?a=b"
    ])
    func aMalformedLocationSaysWhy(location: String) throws {
        let error = #expect(throws: S3Error.self) { try S3Bucket(location: location, environment: keys) }
        guard case .invalidConfiguration(let reason) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test func keysMustBeInTheEnvironment() throws {
        let error = #expect(throws: S3Error.self) { try S3Bucket(location: "s3://photos", environment: [:]) }
        #expect(error?.description.contains("AWS_ACCESS_KEY_ID") == true)
    }
}
