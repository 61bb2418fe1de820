import HTTPServer

/// Headers that make a browser treat our content strictly: every answer is never MIME-sniffed; pages
/// (HTML) also may not be framed by other sites, leak no referrer, and run scripts and styles only
/// from this server. JSON and images need no page policy, and the API answers tens of thousands of
/// requests a second, so they carry only the first.
struct SecurityHeadersMiddleware: Middleware {
    let contentSecurityPolicy: String

    /// - Parameter imageOrigins: origins beside this server and any https one that pages may show
    ///   images from, e.g. a Giphy stand-in on plain http (GIFs are shown from Giphy's own servers).
    init(imageOrigins: [String] = []) {
        contentSecurityPolicy = [
            "default-src 'self'",
            (["img-src 'self' data: blob: https:"] + imageOrigins).joined(separator: " "),
            "style-src 'self' 'unsafe-inline'",
            "connect-src 'self'",
            "frame-ancestors 'none'",
            "base-uri 'self'",
            "form-action 'self'",
        ].joined(separator: "; ")
    }

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        var response = try next(request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        if response.headers["Content-Type"]?.hasPrefix("text/html") == true {
            response.headers["Referrer-Policy"] = "same-origin"
            response.headers["Content-Security-Policy"] = contentSecurityPolicy
        }
        return response
    }
}
