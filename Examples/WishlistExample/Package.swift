// swift-tools-version:6.0
import PackageDescription

// An app's use of the Wishlist client library: it depends on the repository by path, as an iPhone
// or Mac app would by URL. `make test` builds and runs it against a new server
// (scripts/run-client-example), so a change that breaks the public API shows there.
let package = Package(
    name: "WishlistExample",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "Wishlist", path: "../..")],
    targets: [
        .executableTarget(name: "WishlistExample", dependencies: [.product(name: "WishlistClient", package: "Wishlist")])
    ],
    swiftLanguageModes: [.v6]
)
