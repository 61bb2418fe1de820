import Crypto
import Foundation
import HTTPServer
import WishlistCore
import WishlistStore

/// First-run setup, signing in and out, the current account, and API tokens (X1).
struct AccountsController: Sendable {
    let users: UserRepository
    let sessions: SessionRepository
    let tokens: TokenRepository
    let administration: AccountAdministration
    let authenticator: Authenticator
    let hasher: PasswordHasher
    let throttle: LoginThrottle
    let limits: RateLimiter
    let sessionLifetime: Duration
    let clock: @Sendable () -> Date

    /// Verified when the username is unknown, so that it cannot be told from a wrong password.
    private let decoyHash: DecoyPasswordHash

    init(
        users: UserRepository, sessions: SessionRepository, tokens: TokenRepository, administration: AccountAdministration,
        authenticator: Authenticator, hasher: PasswordHasher, throttle: LoginThrottle,
        limits: RateLimiter, sessionLifetime: Duration, clock: @escaping @Sendable () -> Date
    ) {
        self.users = users
        self.sessions = sessions
        self.tokens = tokens
        self.administration = administration
        self.authenticator = authenticator
        self.hasher = hasher
        self.throttle = throttle
        self.limits = limits
        self.sessionLifetime = sessionLifetime
        self.clock = clock
        decoyHash = DecoyPasswordHash(hasher: hasher)
    }

    func register(in router: inout Router) {
        router.group(.anyone) { routes in
            routes.add(APIRoute.Accounts.setupStatus, setupStatus)
            routes.add(APIRoute.Accounts.setUp, setUp)
            routes.add(APIRoute.Accounts.signIn, limits.limitedByAddress(.signIns, signIn))
            routes.add(APIRoute.Accounts.signOut, signOut)
        }
        // What an account signed in with a temporary password may do: see who it is and choose a
        // new password (signing out is open to anyone).
        router.group(.signedIn(authenticator, evenWithTemporaryPassword: true)) { routes in
            routes.add(APIRoute.Accounts.me, me)
            routes.add(APIRoute.Accounts.changePassword, changePassword)
        }
        router.group(.signedIn(authenticator)) { routes in
            routes.add(APIRoute.Accounts.sessions, listSessions)
            routes.add(APIRoute.Accounts.endSession, endSession)
            routes.add(APIRoute.Accounts.createToken, createToken)
            routes.add(APIRoute.Accounts.tokens, listTokens)
            routes.add(APIRoute.Accounts.revokeToken, revokeToken)
        }
    }

    struct SetupStatus: Codable { let setupRequired: Bool }
    struct SignedIn: Codable { let user: User }
    struct TokenRequest: Codable { let name: String }
    struct PasswordChange: Codable {
        let currentPassword: String
        let newPassword: String
    }

    func setupStatus(_ request: Request) throws -> Response {
        .api(SetupStatus(setupRequired: try users.userCount() == 0))
    }

    /// Creates the first account, an admin, and signs it in.
    func setUp(_ request: Request) throws -> Response {
        let credentials = try request.apiBody(Credentials.self)
        let account = try administration.setUpFirstAdmin(
            username: credentials.username, password: credentials.password)
        var response = Response.api(account.user, status: .created)
        try startSession(for: account, replacing: request, in: &response)
        return response
    }

    /// Signs in. A wrong password and an unknown username get the same answer after the same work;
    /// only the right password of a disabled account learns that it is disabled (403
    /// `account_disabled`), which tells a stranger nothing.
    func signIn(_ request: Request) throws -> Response {
        let credentials = try request.apiBody(Credentials.self)
        let username = credentials.username.lowercased()
        let now = clock()
        try throttle.check(username: username, address: request.remoteAddress, now: now)
        let found = try users.credentials(username: username)
        guard hasher.verify(credentials.password, against: try found?.passwordHash ?? decoyHash.value()), let found else {
            try throttle.recordFailure(username: username, address: request.remoteAddress, now: now)
            throw HTTPError(.unauthorized, code: "invalid_credentials", message: "The username or password is wrong.")
        }
        guard !found.isDisabled else {
            throw HTTPError(
                .forbidden, code: "account_disabled",
                message: "This account is disabled. Ask the server's administrator to enable it.")
        }
        try throttle.recordSuccess(username: username)
        if hasher.needsRehash(found.passwordHash) {
            try users.rehashPassword(try hasher.hash(credentials.password), username: username)
        }
        var response = Response.api(SignedIn(user: found.account.user), status: .created)
        try startSession(for: found.account, replacing: request, in: &response)
        return response
    }

    /// Ends the session server-side and clears the cookie; signing out twice is fine.
    func signOut(_ request: Request) throws -> Response {
        var response = Response(status: .noContent)
        if let token = request.cookies[Authenticator.cookieName] {
            try Authenticator.checkSameOrigin(request)
            try sessions.deleteSession(tokenHash: Authenticator.digest(token))
        }
        response.headers.add("Set-Cookie", "\(Authenticator.cookieName)=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0")
        return response
    }

    func me(_ request: Request, _ account: Account) throws -> Response {
        .api(account.user)
    }

    /// Checks the current password (failures count toward the sign-in throttle, so a borrowed
    /// session cannot guess it), then sets the new one and ends every other session and API token of
    /// the account. The API token that made the change keeps working; a session that made it is
    /// replaced by a new one, whose cookie the answer sets. The new password must differ from the
    /// current one, so that a temporary password cannot be "changed" to itself.
    func changePassword(_ request: Request, _ account: Account) throws -> Response {
        let change = try request.apiBody(PasswordChange.self)
        let username = account.user.username
        let now = clock()
        try throttle.check(username: username, address: request.remoteAddress, now: now)
        guard let found = try users.credentials(username: username),
            hasher.verify(change.currentPassword, against: found.passwordHash)
        else {
            try throttle.recordFailure(username: username, address: request.remoteAddress, now: now)
            throw ValidationError(field: "currentPassword", code: "wrong_password", message: "The current password is wrong.")
        }
        try throttle.recordSuccess(username: username)
        guard change.newPassword != change.currentPassword else {
            throw ValidationError(
                field: "newPassword", code: "password_unchanged", message: "Choose a password other than the current one.")
        }
        let credential = Authenticator.credential(of: request)
        var keptToken: [UInt8]?
        if case .apiToken(let digest) = credential { keptToken = digest }
        try administration.changePassword(for: account.key, to: change.newPassword, keepingToken: keptToken)
        var response = Response(status: .noContent)
        if case .session = credential {
            try startSession(for: account, replacing: request, in: &response)
        }
        return response
    }

    /// The account's live sessions (Devices), the one asking marked `current`.
    func listSessions(_ request: Request, _ account: Account) throws -> Response {
        var current: [UInt8]?
        if case .session(let digest) = Authenticator.credential(of: request) { current = digest }
        return .api(
            ItemList(
                try sessions.sessions(
                    for: account.key, currentTokenHash: current, idleTimeout: authenticator.sessionIdleTimeout, now: clock())))
    }

    /// Ends one of the account's sessions: that browser is signed out at its next request.
    func endSession(_ request: Request, _ account: Account) throws -> Response {
        guard let id = request.idParameter else { throw NotFoundError("session") }
        try sessions.deleteSession(id, for: account.key)
        return Response(status: .noContent)
    }

    func createToken(_ request: Request, _ account: Account) throws -> Response {
        let token = try administration.issueToken(for: account.key, name: request.apiBody(TokenRequest.self).name)
        return .api(token, status: .created)
    }

    func listTokens(_ request: Request, _ account: Account) throws -> Response {
        return .api(ItemList(try tokens.tokens(for: account.key)))
    }

    func revokeToken(_ request: Request, _ account: Account) throws -> Response {
        guard let id = request.idParameter else {
            throw NotFoundError("API token")
        }
        try tokens.deleteToken(id, for: account.key)
        return Response(status: .noContent)
    }

    /// A new session with a new random id. The session the request came with, if any, ends: signing
    /// in always rotates the id, so a cookie planted or seen before sign-in never becomes a signed-in one.
    private func startSession(for account: Account, replacing request: Request, in response: inout Response) throws {
        if let old = request.cookies[Authenticator.cookieName], !old.isEmpty {
            try sessions.deleteSession(tokenHash: Authenticator.digest(old))
        }
        let token = SecureRandom.token()
        let now = clock()
        let seconds = sessionLifetime.components.seconds
        try sessions.createSession(
            for: account.key, tokenHash: Authenticator.digest(token), userAgent: request.headers["User-Agent"], now: now,
            expiresAt: now.addingTimeInterval(TimeInterval(seconds)))
        response.headers.add(
            "Set-Cookie", "\(Authenticator.cookieName)=\(token); Path=/; HttpOnly; SameSite=Lax; Max-Age=\(seconds)")
    }
}
