import HTTPServer

/// Headers every answer carries so a browser treats our content strictly: no MIME sniffing, no
/// framing by other sites, no referrer leaks, scripts and styles only from this server.
struct SecurityHeadersMiddleware: Middleware {
    static let contentSecurityPolicy = [
        "default-src 'self'",
        "img-src 'self' data: blob: https:",
        "style-src 'self' 'unsafe-inline'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ].joined(separator: "; ")

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        var response = try next(request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers["Content-Security-Policy"] = Self.contentSecurityPolicy
        return response
    }
}
