// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The header search paths pkg-config gives for `library`; empty when pkg-config is missing
/// or does not know the library, and the C compiler then names the header it cannot find.
func pkgConfigIncludeFlags(_ library: String) -> [String] {
    pkgConfig(["--cflags-only-I", library])
}

/// pkg-config's answer to `arguments`, split at white space; empty when it fails.
func pkgConfig(_ arguments: [String]) -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config"] + arguments
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return [] }
    let flags = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return [] }
    return String(decoding: flags, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
}

/// pkg-config's `variable` of `library`; nil when pkg-config is missing or does not know it.
func pkgConfigVariable(_ library: String, _ variable: String) -> String? {
    pkgConfig(["--variable=\(variable)", library]).first
}

/// Optimised in debug builds too, for the modules where the tests spend their time: the SQLite
/// and PostgreSQL wrappers and the store (the bundled K-culture spots take a debug store 2 s of
/// CPU to import, 0.8 s optimised), the HTTP server, and the offline place index that every server
/// builds at start. Not for WishlistCore or WishlistClient: an app that depends on the client package by
/// its URL may not build targets with unsafe flags.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

// Two layers: small libraries that wrap one C library each and know nothing of
// wishes, and the product modules on top of them. See docs/ARCHITECTURE.md.
let package = Package(
    name: "Wishlist",
    // WishlistClient and WishlistCore are for apps too: scripts/check-apple-client keeps them to what
    // these versions have.
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "wishlist", targets: ["wishlist"]),
        // WishlistCore is in the product too: an app imports it for the values the client takes and returns.
        .library(name: "WishlistClient", targets: ["WishlistClient", "WishlistURLSession", "WishlistCore"])
    ],
    targets: [
        // C libraries from Debian, seen through module maps and small shims.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3"),
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd"),
        .systemLibrary(name: "CSodium", path: "Sources/CSodium", pkgConfig: "libsodium"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib"),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // What CVips, CHTMLMeta, CArchive, CPostgres and CCurl share: a library opened with dlopen at its first use and
        // a table of its functions filled with dlsym, once.
        .target(name: "CLoader"),
        // libvips is loaded with dlopen on first use (its ~100 libraries cost an idle server
        // about 10 MB), so it must not be linked: a systemLibrary with pkgConfig would add
        // `pkg-config --libs vips` to the link line. Only this target's C files see libvips'
        // headers, through pkg-config's include paths.
        .target(name: "CVips", dependencies: ["CLoader"], cSettings: [.unsafeFlags(pkgConfigIncludeFlags("vips"))]),
        // libxml2's HTML parser, hidden behind its own header: libxml2's headers clash with
        // Foundation's ICU in any Swift module that sees both. Loaded at the first page parsed,
        // like libvips, so not linked.
        .target(name: "CHTMLMeta", dependencies: ["CLoader"], cSettings: [.unsafeFlags(pkgConfigIncludeFlags("libxml-2.0"))]),
        // libarchive, loaded at the first archive like libvips: it brings libxml2, ICU and several
        // compression libraries that an idle server need not map. Its header hides libarchive's.
        .target(name: "CArchive", dependencies: ["CLoader"], cSettings: [.unsafeFlags(pkgConfigIncludeFlags("libarchive"))]),
        // libgeonames, loaded only to build the offline place index (a first start, or a new
        // library): it brings GLib, GIO and GObject, which an idle server need not map. Its header
        // hides libgeonames'; CGEONAMES_LIBDIR tells where the library is, for the index's fingerprint.
        .target(
            name: "CGeonames", dependencies: ["CLoader"],
            cSettings: [
                .unsafeFlags(pkgConfigIncludeFlags("geonames")),
                .define("CGEONAMES_LIBDIR", to: "\"\(pkgConfigVariable("geonames", "libdir") ?? "/usr/lib")\"")
            ]),
        // libpq, loaded at the first PostgreSQL connection like libvips: a server on its SQLite file
        // never maps it, nor the TLS, Kerberos and LDAP libraries it brings. Its header hides libpq's.
        .target(name: "CPostgres", dependencies: ["CLoader"], cSettings: [.unsafeFlags(pkgConfigIncludeFlags("libpq"))]),
        // libcurl, loaded at the first outbound transfer like libvips: an idle server makes none, and
        // linked it maps its TLS, Kerberos, LDAP and SSH libraries. Its header hides libcurl's.
        .target(name: "CCurl", dependencies: ["CLoader"], cSettings: [.unsafeFlags(pkgConfigIncludeFlags("libcurl"))]),

        // The lower layer: one library per C dependency.
        .target(name: "SQLite", dependencies: ["CSQLite"], swiftSettings: optimizedInDebug),
        // The database server, for when one machine is not enough.
        .target(name: "PostgreSQL", dependencies: ["CPostgres"], swiftSettings: optimizedInDebug),
        // Zlib for the gzip of compressible answers (CompressionMiddleware).
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "CMalloc", "Zlib"], swiftSettings: optimizedInDebug),
        .target(name: "Crypto", dependencies: ["CSodium"]),
        .target(name: "Imaging", dependencies: ["CVips", "CMalloc"]),
        // Requests to a server the caller chose (the Wishlist API, an S3 store), over libcurl, and the
        // easy handle every libcurl transfer shares (`CurlEasy`).
        .target(name: "HTTPClient", dependencies: ["CCurl"]),
        // The one way out to the internet (libcurl, with the address rules) and what every client
        // of an outside service shares: cache, throttle, shared fetches.
        .target(name: "Outbound", dependencies: ["CCurl", "HTTPClient"]),
        // Its offline place index took a debug server half a second of CPU to build at every start.
        .target(
            name: "Geocoding", dependencies: ["CGeonames", "Outbound"],
            swiftSettings: optimizedInDebug),
        .target(name: "LinkPreview", dependencies: ["CHTMLMeta", "Outbound"]),
        .target(name: "Zlib", dependencies: ["CZlib"]),
        // Zip and tar archives: account exports and imports, backups.
        .target(name: "Archive", dependencies: ["CArchive"]),
        .target(name: "Giphy", dependencies: ["Outbound"]),
        // S3-compatible object stores, for photos shared by several servers (libcurl signs).
        .target(name: "S3", dependencies: ["HTTPClient", "CHTMLMeta"]),

        // The product.
        .target(name: "WishlistCore"),
        .target(
            name: "WishlistStore",
            dependencies: ["WishlistCore", "SQLite", "PostgreSQL", "Crypto", "Geocoding", "Imaging", "Zlib", "Archive", "S3"],
            resources: [.copy("Data")], swiftSettings: optimizedInDebug
        ),
        .target(
            name: "WishlistServer",
            dependencies: [
                "WishlistCore", "WishlistStore", "HTTPServer", "Crypto", "Geocoding", "LinkPreview", "Outbound", "Giphy", "Archive"
            ],
            resources: [.copy("Web"), .copy("openapi.json")]
        ),
        .target(name: "WishlistClient", dependencies: ["WishlistCore"]),
        // The client's transport for apps: URLSession, whose Linux build links libcurl and its TLS
        // libraries, so the `wishlist` binary does not depend on it.
        .target(name: "WishlistURLSession", dependencies: ["WishlistClient"]),
        // The client's transport for the `wishlist` command and the tests: libcurl, loaded at the first request.
        .target(name: "WishlistCurl", dependencies: ["WishlistClient", "HTTPClient"]),
        .executableTarget(
            name: "wishlist",
            dependencies: ["WishlistServer", "WishlistStore", "WishlistClient", "WishlistCurl", "WishlistCore", "HTTPServer", "Geocoding"],
            // Packed relative relocations (DT_RELR, glibc 2.36+): the loader reads every relocation
            // at start, and in the usual format the binary's ~86,000 pointers to itself take 2 MB
            // that stay resident in every server; packed, they take 16 KB. The toolchain's lld
            // writes them; the default linker cannot.
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"])]
        ),

        // Made-up records for the benchmarks, written through the store's `package` door for generated
        // data: kept out of the store so that the shipped `wishlist` does not carry them.
        .target(name: "WishlistBenchData", dependencies: ["WishlistStore", "WishlistCore"]),
        // `make bench`: fills a data directory with generated wishes for the benchmarks.
        .executableTarget(
            name: "wishlist-bench", dependencies: ["WishlistServer", "WishlistStore", "WishlistCore", "WishlistBenchData", "LinkPreview"]
        ),

        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"]),
        .testTarget(name: "PostgreSQLTests", dependencies: ["PostgreSQL", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Zlib"]),
        .testTarget(name: "CryptoTests", dependencies: ["Crypto"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "CVips", "TestSupport"]),
        // Test helpers shared by the tests of every outbound client: a clock the test moves, a
        // loopback HTTP server that counts its connections, a Giphy stand-in on it, and the small
        // animations it serves (which the imaging and photo library tests decode too); and the
        // throwaway PostgreSQL cluster with a new database per test, for the PostgreSQL and store tests.
        .target(name: "TestSupport", dependencies: ["PostgreSQL", "S3"], path: "Tests/TestSupport"),
        .testTarget(name: "OutboundTests", dependencies: ["Outbound", "TestSupport"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "HTTPServer", "TestSupport"]),
        .testTarget(name: "GeocodingTests", dependencies: ["Geocoding", "TestSupport"]),
        // Fixtures/ holds bookmark files as browsers export them, read by path (the server and CLI tests read them too).
        .testTarget(name: "LinkPreviewTests", dependencies: ["LinkPreview", "Outbound", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "S3Tests", dependencies: ["S3", "TestSupport"]),
        .testTarget(name: "GiphyTests", dependencies: ["Giphy", "TestSupport"]),
        .testTarget(name: "ZlibTests", dependencies: ["Zlib"]),
        // CArchive too: the tests craft hostile archives with libarchive itself.
        .testTarget(name: "ArchiveTests", dependencies: ["Archive", "CArchive"]),
        .testTarget(name: "WishlistCoreTests", dependencies: ["WishlistCore"]),
        // Fixtures/ holds databases written by released builds and the script that made them, read by path.
        .testTarget(
            name: "WishlistStoreTests",
            dependencies: [
                "WishlistStore", "WishlistCore", "Geocoding", "Imaging", "Zlib", "TestSupport", "Crypto", "Archive", "SQLite",
                "PostgreSQL", "WishlistBenchData", "S3"
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "WishlistServerTests",
            dependencies: [
                "WishlistServer", "WishlistClient", "WishlistCurl", "WishlistURLSession", "WishlistStore", "WishlistCore",
                "HTTPServer", "Crypto", "Geocoding", "Giphy", "TestSupport", "Archive", "SQLite", "PostgreSQL"
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "WishlistCLITests",
            dependencies: ["wishlist", "WishlistClient", "WishlistCurl", "WishlistServer", "WishlistCore", "TestSupport"]
        )
    ],
    swiftLanguageModes: [.v6]
)
