import Crypto
import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// Finds the account behind a request: an `Authorization: Bearer` API token, or the session
/// cookie. A cookie-authenticated unsafe request must also prove it came from our own pages
/// (`X-Requested-With: wishlist` or a same-origin `Origin`), which a cross-site form cannot forge.
/// A request reads its session or token (and its account's state) from the database, so an account
/// disabled by any process is refused at its next request. What it found is kept in `known`, which
/// a later request trusts instead, on the event thread for a kept answer (`knownAccount`) or in a
/// handler, only while no account, session or token has been written since (see
/// `KnownCredentials`). On PostgreSQL a read's remembered credential is confirmed by the database
/// with the handler's first statement instead (`withAccount`), and a write's is looked up.
struct Authenticator: Sendable {
    static let cookieName = "wishlist_session"
    /// A token's or session's last use is written at most this often, so reads stay reads.
    private static let lastUsedGranularity: TimeInterval = 60

    let sessions: SessionRepository
    let tokens: TokenRepository
    /// A session unused this long is over.
    let sessionIdleTimeout: TimeInterval
    let clock: @Sendable () -> Date
    /// The accounts of the credentials seen lately; nil keeps none.
    var known: KnownCredentials?

    /// What a request signs in with, as its digest: the API token or the session cookie.
    enum Credential: Hashable {
        case apiToken([UInt8])
        case session([UInt8])
    }

    /// The credential the request carries, read as `account(for:)` reads it (a token first); nil without one.
    static func credential(of request: Request) -> Credential? {
        if let authorization = request.headers["Authorization"] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
            return .apiToken(digest(String(parts[1])))
        }
        guard let token = request.cookies[cookieName], !token.isEmpty else { return nil }
        return .session(digest(token))
    }

    /// The signed-in account, or 401.
    func account(for request: Request) throws -> Account {
        let credential = Self.credential(of: request)
        // A write with a cookie proves its origin, whether its session is known or read.
        if case .session = credential { try Self.checkSameOrigin(request) }
        // With a session cookie as well as a token, both are checked each time (`checkSessionCookie`).
        let sole = Self.carriesOneCredential(request) ? credential : nil
        // A credential known from memory is trusted as a kept answer's is: none was written since
        // it was looked up (`KnownCredentials`), so the database would say the same.
        if let sole, let account = known?.account(for: sole, now: clock()) { return account }
        // Read before the lookup: a commit after it makes what the lookup found untrusted. A
        // credential known already is not remembered again.
        let version = credential.flatMap { known?.knows($0, now: clock()) == false ? known?.version() : nil }
        if let authorization = request.headers["Authorization"] {
            let account = try account(authorization: authorization, request)
            if let sole { known?.remember(account, for: sole, until: .distantFuture, version: version, now: clock()) }
            return account
        }
        guard let token = request.cookies[Self.cookieName], !token.isEmpty, let sole else {
            throw APIError.unauthenticated
        }
        guard let found = try sessionAccount(token: token) else { throw APIError.unauthenticated }
        known?.remember(found.account, for: sole, until: found.end, version: version, now: clock())
        return found.account
    }

    /// Runs `body` with the signed-in account: as `activeAccount(for:)` finds it, or as
    /// `account(for:)` does when not `active`.
    ///
    /// On PostgreSQL a read (GET) whose one credential is remembered (`KnownCredentials`) is not
    /// looked up first: its `CredentialCheck` goes with the handler's first statement, in the same
    /// round trip, and must confirm the credential before the answer is given. When it does not
    /// (the session ended, the account was disabled or changed, by this server or another), the
    /// credential is forgotten and looked up afresh, and `body` runs again if it is still good.
    func withAccount(for request: Request, active: Bool, _ body: (Account) throws -> Response) throws -> Response {
        if let (account, credential, check) = try remembered(for: request, active: active) {
            let answer = Result { try CredentialCheck.$pending.withValue(check) { try body(account) } }
            if try check.confirm() { return try answer.get() }
            known?.forget(credential)
        }
        return try body(active ? activeAccount(for: request) : account(for: request))
    }

    /// The account remembered for a read's one credential, with the check that must confirm it,
    /// when entries are kept as candidates (PostgreSQL); nil when the database must be asked first.
    private func remembered(for request: Request, active: Bool) throws
        -> (account: Account, credential: Credential, check: CredentialCheck)?
    {
        guard let known, known.confirmsEachUse, request.method == .GET, let credential = Self.soleCredential(of: request),
            let account = known.candidate(for: credential, now: clock()),
            !(active && account.user.mustChangePassword)
        else { return nil }
        switch credential {
        case .apiToken(let digest):
            return (account, credential, tokens.check(apiTokenHash: digest, names: account))
        case .session(let digest):
            try Self.checkSameOrigin(request)
            let now = clock()
            let check = sessions.check(
                sessionTokenHash: digest, now: now, idleSince: now.addingTimeInterval(-sessionIdleTimeout), names: account)
            return (account, credential, check)
        }
    }

    /// The account of a request's credential as far as it is known from memory, without waiting
    /// on the database (see `KnownCredentials`): for reads (GET) with one credential only; nil
    /// whenever the database must be asked.
    func knownAccount(for request: Request) -> Account? {
        guard let known, request.method == .GET, let credential = Self.soleCredential(of: request) else { return nil }
        return known.account(for: credential, now: clock())
    }

    /// The request's credential when it carries one only (`carriesOneCredential`).
    private static func soleCredential(of request: Request) -> Credential? {
        carriesOneCredential(request) ? credential(of: request) : nil
    }

    /// Whether the request carries a token or a cookie, not both: with both, both are checked in
    /// the database each time (`checkSessionCookie`), and neither is trusted from memory.
    private static func carriesOneCredential(_ request: Request) -> Bool {
        request.headers["Authorization"] == nil || request.cookies[cookieName] == nil
    }

    /// The signed-in account, or 401; 403 `password_change_required` while the account signs in
    /// with a temporary password it has not yet changed.
    func activeAccount(for request: Request) throws -> Account {
        let account = try account(for: request)
        guard !account.user.mustChangePassword else { throw APIError.passwordChangeRequired }
        return account
    }

    /// Who reads a public route, when the request carries a valid session cookie or API token;
    /// nil otherwise, never an error: public routes serve everyone, and use this only to leave out
    /// what the owner must not see (a shared list's reservations). Only for reads: an unsafe
    /// public request is never given the authority of a cookie.
    func reader(of request: Request) -> UserKey? {
        guard request.method == .GET, Self.credential(of: request) != nil else { return nil }
        return try? account(for: request).key
    }

    /// The account of a live session, its use noted (to the minute), and when the session ends
    /// unless it is used again (its maximum age, or its idle time after its last use).
    private func sessionAccount(token: String) throws -> (account: Account, end: Date)? {
        let now = clock()
        guard
            let found = try sessions.account(
                sessionTokenHash: Self.digest(token), now: now, idleSince: now.addingTimeInterval(-sessionIdleTimeout))
        else { return nil }
        var lastUsed = found.lastUsedAt
        if now.timeIntervalSince(found.lastUsedAt) >= Self.lastUsedGranularity {
            try sessions.markSessionUsed(found.sessionID, now: now)
            lastUsed = now
        }
        return (found.account, min(found.expiresAt, lastUsed.addingTimeInterval(sessionIdleTimeout)))
    }

    /// Who is sharing into the app (W7), or nil when nobody is signed in, so the share can wait
    /// for sign-in. A share arrives as a navigation, not from our scripts: the share sheet's POST
    /// carries no `X-Requested-With`. So a POST without an API token is refused when the browser
    /// says another site sent it (`Sec-Fetch-Site`, or else an `Origin` of another host), signed in
    /// or not: a forged cross-site form must neither make a wish nor leave one waiting for the
    /// next sign-in. A GET changes nothing here (see `ShareController`).
    func sharingAccount(for request: Request) throws -> Account? {
        if let authorization = request.headers["Authorization"] {
            let account = try account(authorization: authorization, request)
            guard !account.user.mustChangePassword else { throw APIError.passwordChangeRequired }
            return account
        }
        if request.method != .GET, Self.isCrossSite(request) {
            throw HTTPError(.forbidden, code: "csrf_check_failed", message: "Another site cannot share into this account.")
        }
        guard let token = request.cookies[Self.cookieName], !token.isEmpty,
            let account = try sessionAccount(token: token)?.account
        else { return nil }
        guard !account.user.mustChangePassword else { throw APIError.passwordChangeRequired }
        return account
    }

    /// Whether the browser says another site sent the request: its Fetch Metadata when it sends
    /// them (`none` is the person's own doing: the share sheet, the address bar), else `Origin`.
    private static func isCrossSite(_ request: Request) -> Bool {
        if let site = request.headers["Sec-Fetch-Site"]?.lowercased() { return !["same-origin", "none"].contains(site) }
        guard let origin = request.headers["Origin"] else { return false }
        return !isSameHost(origin: origin, request)
    }

    /// Whether `origin` names the host the request was sent to.
    private static func isSameHost(origin: String, _ request: Request) -> Bool {
        guard let host = request.headers["Host"], let components = URLComponents(string: origin) else { return false }
        return [components.host, components.port.map(String.init)].compactMap { $0 }.joined(separator: ":") == host
    }

    private func account(authorization: String, _ request: Request) throws -> Account {
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw HTTPError(
                .unauthorized, code: "unauthenticated",
                message: "Use 'Authorization: Bearer <token>' with an API token.")
        }
        guard let found = try tokens.account(apiTokenHash: Self.digest(String(parts[1]))) else {
            throw HTTPError(.unauthorized, code: "invalid_token", message: "This API token is not valid or was revoked.")
        }
        try checkSessionCookie(of: request, agreesWith: found.account)
        let now = clock()
        if found.lastUsedAt.map({ now.timeIntervalSince($0) >= Self.lastUsedGranularity }) ?? true {
            try tokens.markTokenUsed(found.tokenID, userAgent: request.headers["User-Agent"], now: now)
        }
        return found.account
    }

    /// A request with an API token that also carries a session cookie is served only when the
    /// cookie is a live session of the same account: a wrong credential is refused, never outvoted
    /// by a right one.
    private func checkSessionCookie(of request: Request, agreesWith account: Account) throws {
        // Even an empty cookie is one presented, and it names no session.
        guard let cookie = request.cookies[Self.cookieName] else { return }
        guard try sessionAccount(token: cookie)?.account.key == account.key else {
            throw HTTPError(
                .unauthorized, code: "conflicting_credentials",
                message: "The session cookie sent with this API token is not valid or is another account's; send only one of them.")
        }
    }

    /// The CSRF rule for cookie-authenticated requests that change something.
    static func checkSameOrigin(_ request: Request) throws {
        switch request.method {
        case .GET, .HEAD, .OPTIONS:
            return
        case .POST, .PUT, .PATCH, .DELETE:
            if request.headers["X-Requested-With"]?.lowercased() == "wishlist" { return }
            if let origin = request.headers["Origin"], isSameHost(origin: origin, request) { return }
            throw HTTPError(
                .forbidden, code: "csrf_check_failed",
                message: "Requests that change data must send 'X-Requested-With: wishlist' or come from this site.")
        }
    }

    static func digest(_ token: String) -> [UInt8] {
        SHA256.digest(Array(token.utf8))
    }
}
