import Foundation
import HTTPServer
import WishlistCore

/// `POST /api/v1/csp-reports`: where pages' `report-uri` sends Content-Security-Policy violations.
/// Open to anyone (a report comes from whatever page the browser had open, signed in or not), with
/// a small body; each report is counted by `CSPViolationCounter`.
struct CSPReportsController: Sendable {
    /// A report is a few hundred bytes; a browser clips the sample it carries to 40 characters.
    static let bodyLimit = 8 << 10
    static let mediaTypes: Set = ["application/csp-report", "application/json", "application/reports+json"]

    let counter: CSPViolationCounter

    func register(in router: inout Router) {
        router.group(.anyone) { routes in
            routes.add(APIRoute.Server.cspReports, bodyLimit: Self.bodyLimit, receive)
        }
    }

    /// The body browsers send for `report-uri` (`{"csp-report": {…}}`).
    private struct LegacyReport: Decodable {
        struct Body: Decodable {
            let effectiveDirective: String?
            let violatedDirective: String?
            let blockedURI: String?
            let documentURI: String?

            private enum CodingKeys: String, CodingKey {
                case effectiveDirective = "effective-directive"
                case violatedDirective = "violated-directive"
                case blockedURI = "blocked-uri"
                case documentURI = "document-uri"
            }
        }

        let report: Body

        private enum CodingKeys: String, CodingKey { case report = "csp-report" }
    }

    func receive(_ request: Request) throws -> Response {
        guard let type = request.mediaType, Self.mediaTypes.contains(type) else {
            throw HTTPError(
                .unsupportedMediaType, code: "unsupported_media_type",
                message: "Send a violation report as application/csp-report.")
        }
        let report: LegacyReport.Body
        do {
            report = try JSONDecoder().decode(LegacyReport.self, from: request.body.data()).report
        } catch {
            throw HTTPError(
                .badRequest, code: "invalid_report",
                message: "The body is not a violation report: expected {\"csp-report\": {\"effective-directive\": …}}.")
        }
        guard let directive = [report.effectiveDirective, report.violatedDirective].compactMap({ $0 }).first(where: { !$0.isEmpty })
        else {
            throw HTTPError(
                .badRequest, code: "invalid_report", message: "The report names no directive (effective-directive).",
                field: "effective-directive")
        }
        counter.record(directive: directive, blocked: report.blockedURI ?? "", document: report.documentURI ?? "")
        return Response(status: .noContent)
    }
}
