import Testing

@testable import WishlistStore

/// A PostgreSQL URL's password, wherever libpq takes it, never shown and never on a command line.
@Suite struct DatabaseURLTests {
    @Test(arguments: [
        (
            "postgresql://wishlist:s3cret@db.example.org:5432/wishlist", "postgresql://wishlist:***@db.example.org:5432/wishlist",
            "postgresql://wishlist@db.example.org:5432/wishlist", "s3cret"
        ),
        (
            "postgresql://db.example.org/wishlist?user=w&password=s3cret&sslmode=require",
            "postgresql://db.example.org/wishlist?user=w&password=***&sslmode=require",
            "postgresql://db.example.org/wishlist?user=w&sslmode=require", "s3cret"
        ),
        ("postgres://u:p%40ss@/w?password=x", "postgres://u:***@/w?password=***", "postgres://u@/w", "x"),
        ("postgresql://u:p%40ss@h/w", "postgresql://u:***@h/w", "postgresql://u@h/w", "p@ss"),
        (
            "postgresql://postgres@/wishlist?host=/run/postgresql", "postgresql://postgres@/wishlist?host=/run/postgresql",
            "postgresql://postgres@/wishlist?host=/run/postgresql", nil
        ),
        ("postgresql://h:5432/w", "postgresql://h:5432/w", "postgresql://h:5432/w", nil)
    ])
    func thePasswordIsMaskedOrSplitOff(url: String, masked: String, without: String, password: String?) {
        #expect(DatabaseURL.masked(url) == masked)
        let split = DatabaseURL.splittingPassword(url)
        #expect(split.url == without)
        #expect(split.password == password)
    }
}
