import PostgreSQL
import TestSupport
import Testing

/// libpq is loaded at the first connection, never before: a process that uses only SQLite must not
/// map it (nor the TLS, Kerberos and LDAP libraries it needs).
@Suite struct LazyLoadingTests {
    @Test func libpqIsMappedByTheFirstConnectionAndNotBefore() throws {
        let cluster = try PostgresTestCluster.shared()
        // The cluster starts before any test of this process can connect, and it looked then.
        #expect(!cluster.libpqWasMappedBeforeStart, "libpq was mapped before any PostgreSQL connection: is it linked?")
        _ = try PostgresConnection(url: cluster.url())
        #expect(PostgresTestCluster.isMapped("libpq.so.5"), "libpq is not mapped after a connection was made")
    }
}
