import HTTPServer
import WishlistCore

/// Headers that make a browser treat our content strictly: every answer is never MIME-sniffed; pages
/// (HTML) also may not be framed by other sites, leak no referrer, share no window with pages of other
/// sites, and run scripts and styles only from this server's files (no inline `<script>`, `<style>`,
/// event or `style` attributes; the one exception is a `<style>` whose SHA-256 is listed, the inline
/// stylesheets of `InlineStylesheet`), reporting what they refuse to `CSPReportsController`. JSON and
/// images need no page policy, and the API answers tens of thousands of requests a second, so they
/// carry only the first (media bring their own, see `PhotosController`). Behind https
/// (`--public-url https://…`) every answer also tells browsers to use nothing else for a year,
/// and every cookie is marked `Secure`.
struct SecurityHeadersMiddleware: Middleware {
    let contentSecurityPolicy: String
    let strictTransportSecurity: String?

    /// - Parameters:
    ///   - imageOrigins: origins beside this server and any https one that pages may show
    ///     images from, e.g. a Giphy stand-in on plain http (GIFs are shown from Giphy's own servers).
    ///   - https: whether the server is reached over https (its public url says so).
    ///   - inlineStyleSources: the `'sha256-…'` sources of the stylesheets our pages carry inline. Every
    ///     page's policy lists them: a hash lets only that exact text apply, which is ours whichever page holds it.
    init(imageOrigins: [String] = [], https: Bool = false, inlineStyleSources: [String] = []) {
        contentSecurityPolicy = [
            "default-src 'self'",
            (["img-src 'self' data: blob: https:"] + imageOrigins).joined(separator: " "),
            (["style-src 'self'"] + inlineStyleSources).joined(separator: " "),
            "connect-src 'self'",
            "object-src 'none'",
            "frame-ancestors 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            // report-uri, not report-to: Chrome batches Reporting API reports for up to a minute,
            // report-uri posts each violation at once.
            "report-uri \(APIRoute.Server.cspReports.template)"
        ].joined(separator: "; ")
        strictTransportSecurity = https ? "max-age=31536000" : nil
    }

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        var response: Response
        do {
            response = try next(request)
        } catch let error as any HTTPResponseError {
            // Refusals (401, 404, 405…) are answers too, and get the same headers.
            response = Response(error: error)
        }
        response.headers["X-Content-Type-Options"] = "nosniff"
        if let strictTransportSecurity {
            response.headers["Strict-Transport-Security"] = strictTransportSecurity
            // Behind https no cookie may ever travel over plain http.
            let cookies = response.headers.values("Set-Cookie")
            if !cookies.isEmpty {
                response.headers["Set-Cookie"] = nil
                for cookie in cookies { response.headers.add("Set-Cookie", cookie + "; Secure") }
            }
        }
        if response.headers["Content-Type"]?.hasPrefix("text/html") == true {
            // A shared list's page sends none at all (its address is the secret); see `SharedListController`.
            if response.headers["Referrer-Policy"] == nil { response.headers["Referrer-Policy"] = "same-origin" }
            response.headers["Content-Security-Policy"] = contentSecurityPolicy
            response.headers["Cross-Origin-Opener-Policy"] = "same-origin"
        }
        return response
    }
}
