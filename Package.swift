// swift-tools-version:6.0
import PackageDescription

// Two layers: small libraries that wrap one C library each and know nothing of
// wishes, and the product modules on top of them. See docs/ARCHITECTURE.md.
let package = Package(
    name: "Wishlist",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "wishlist", targets: ["wishlist"]),
        .library(name: "WishlistClient", targets: ["WishlistClient"]),
    ],
    targets: [
        // C libraries from Debian, seen through module maps and small shims.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3"),
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd"),
        .systemLibrary(name: "CSodium", path: "Sources/CSodium", pkgConfig: "libsodium"),
        .systemLibrary(name: "CVips", path: "Sources/CVips", pkgConfig: "vips"),
        .systemLibrary(name: "CGeonames", path: "Sources/CGeonames", pkgConfig: "geonames"),

        // The lower layer: one library per C dependency.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"]),
        .target(name: "Crypto", dependencies: ["CSodium"]),
        .target(name: "Imaging", dependencies: ["CVips"]),
        .target(name: "Geocoding", dependencies: ["CGeonames"]),

        // The product.
        .target(name: "WishlistCore"),
        .target(name: "WishlistStore", dependencies: ["WishlistCore", "SQLite", "Crypto", "Geocoding"]),
        .target(
            name: "WishlistServer",
            dependencies: ["WishlistCore", "WishlistStore", "HTTPServer", "Crypto", "Geocoding", "Imaging"],
            resources: [.copy("Web"), .copy("openapi.json")]
        ),
        .target(name: "WishlistClient", dependencies: ["WishlistCore"]),
        .executableTarget(
            name: "wishlist",
            dependencies: ["WishlistServer", "WishlistStore", "WishlistClient", "WishlistCore"]
        ),

        // `make bench`: fills a data directory with generated wishes for the benchmarks.
        .executableTarget(name: "wishlist-bench", dependencies: ["WishlistServer", "WishlistStore", "WishlistCore"]),

        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        .testTarget(name: "CryptoTests", dependencies: ["Crypto"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging"]),
        .testTarget(name: "GeocodingTests", dependencies: ["Geocoding"]),
        .testTarget(name: "WishlistCoreTests", dependencies: ["WishlistCore"]),
        .testTarget(name: "WishlistStoreTests", dependencies: ["WishlistStore", "SQLite"]),
        .testTarget(
            name: "WishlistServerTests",
            dependencies: ["WishlistServer", "WishlistClient", "WishlistStore", "WishlistCore", "HTTPServer"]
        ),
        .testTarget(name: "WishlistCLITests", dependencies: ["wishlist", "WishlistClient", "WishlistServer", "WishlistCore"]),
    ],
    swiftLanguageModes: [.v6]
)
