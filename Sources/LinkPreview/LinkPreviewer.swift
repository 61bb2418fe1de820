import Foundation
import Outbound

/// Fetches a link through the `OutboundClient` and reads its preview.
///
/// Previews are kept for a day (bounded LRU) and asked for once while in flight, so pasting the
/// same link twice, or many people sharing one product, costs one request. Failures are not kept.
public actor LinkPreviewer {
    /// What the fetch asks for: pages first, images (a pasted image link) next.
    static let accept = "text/html,application/xhtml+xml;q=0.9,image/*;q=0.8,*/*;q=0.1"

    private let client: OutboundClient
    private let lifetime: Duration
    private let elapsed: @Sendable () -> Duration
    private var cache: LRUCache<URL, (preview: PagePreview, storedAt: Duration)>
    private var inFlight: [URL: Task<Result<PagePreview, LinkPreviewError>, Never>] = [:]

    public init(client: OutboundClient, lifetime: Duration = .seconds(86_400), capacity: Int = 1024) {
        self.init(client: client, lifetime: lifetime, capacity: capacity, clock: ContinuousClock())
    }

    /// - Parameter clock: ages the cached previews; tests pass a clock they control.
    public init<C: Clock>(client: OutboundClient, lifetime: Duration, capacity: Int, clock: C) where C.Duration == Duration {
        self.client = client
        self.lifetime = lifetime
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        cache = LRUCache(capacity: capacity)
    }

    /// The preview of `url`, from the cache when it was made less than a lifetime ago, unless
    /// `refetch` asks for the page as it is now (a price refresh). A `cancellation` gives up the
    /// fetch this call starts; a fetch of the page already in flight is shared, and runs on.
    public func preview(
        of url: URL, refetch: Bool = false, cancellation: OutboundCancellation? = nil
    ) async throws(LinkPreviewError) -> PagePreview {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { throw .invalidURL(url.absoluteString) }
        if !refetch, let cached = cache.value(for: url), elapsed() - cached.storedAt < lifetime { return cached.preview }
        if let running = inFlight[url] { return try await running.value.get() }
        let task = Task { await self.load(url, cancellation: cancellation) }
        inFlight[url] = task
        let result = await task.value
        inFlight[url] = nil
        if case .success(let preview) = result { cache.set((preview, elapsed()), for: url) }
        return try result.get()
    }

    private nonisolated func load(
        _ url: URL, cancellation: OutboundCancellation?
    ) async -> Result<PagePreview, LinkPreviewError> {
        let response: OutboundResponse
        do {
            response = try await client.get(url, accept: Self.accept, cancellation: cancellation)
        } catch {
            return .failure(LinkPreviewError(error, requestedURL: url))
        }
        guard (200..<300).contains(response.status) else {
            return .failure(.unreachable("the page answered HTTP \(response.status)"))
        }
        if response.mediaType?.hasPrefix("image/") == true {
            return .success(PagePreview(url: url, canonicalURL: response.url, image: response.url, siteName: response.url.host))
        }
        guard Self.isHTML(response) else { return .failure(.notHTML(contentType: response.mediaType)) }
        return .success(Self.read(html: response.body, charset: response.charset, requestedURL: url, finalURL: response.url))
    }

    /// Reads a preview out of an HTML page's bytes; `charset` is the HTTP header's, if any.
    public static func read(html bytes: [UInt8], charset: String?, requestedURL: URL, finalURL: URL) -> PagePreview {
        let encoding = Charset.encoding(headerCharset: charset, bytes: bytes)
        let elements = HTMLScanner.elements(in: bytes, encoding: encoding) ?? HTMLScanner.elements(in: bytes, encoding: nil) ?? []
        return PreviewReader(elements: elements, requestedURL: requestedURL, finalURL: finalURL).preview
    }

    /// HTML by its content type, or, when the server sent none, by how it begins.
    private static func isHTML(_ response: OutboundResponse) -> Bool {
        switch response.mediaType {
        case "text/html", "application/xhtml+xml": return true
        case nil:
            let start = String(decoding: response.body.prefix(512), as: UTF8.self).lowercased()
            return ["<!doctype html", "<html", "<head"].contains { start.contains($0) }
        default: return false
        }
    }
}
