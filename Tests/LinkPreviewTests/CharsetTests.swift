import Foundation
import LinkPreview
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Pages written in legacy encodings, made here with iconv so the bytes are what such a server sends.
@Suite struct CharsetTests {
    static let page = URL(string: "https://shop.example/")!

    static func encode(_ text: String, as encoding: String) throws -> [UInt8] {
        let converter = iconv_open(encoding, "UTF-8")
        try #require(converter != iconv_t(bitPattern: -1))
        defer { iconv_close(converter) }
        var input = Array(text.utf8).map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: input.count * 4)
        var inLeft = input.count
        var outLeft = output.count
        let converted = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                var inPointer = source.baseAddress
                var outPointer = target.baseAddress
                return iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
            }
        }
        try #require(converted != -1 && inLeft == 0)
        return output.prefix(output.count - outLeft).map { UInt8(bitPattern: $0) }
    }

    static func read(_ bytes: [UInt8], header: String? = nil) -> PagePreview {
        LinkPreviewer.read(html: bytes, charset: header, requestedURL: page, finalURL: page)
    }

    @Test func eucKRFromTheHTTPHeader() throws {
        let html = "<html><head><title>여행 가방 · 똑똑한 선택</title><meta name=description content=\"튼튼한 캐리어, 뷁\"></head></html>"
        let preview = Self.read(try Self.encode(html, as: "CP949"), header: "euc-kr")
        #expect(preview.title == "여행 가방 · 똑똑한 선택")
        #expect(preview.description == "튼튼한 캐리어, 뷁")
    }

    @Test func shiftJISFromMetaCharset() throws {
        let html = "<html><head><meta charset=\"Shift_JIS\"><title>東京の旅行かばん</title></head><body></body></html>"
        #expect(Self.read(try Self.encode(html, as: "CP932")).title == "東京の旅行かばん")
    }

    @Test func windows1252FromHTTPEquiv() throws {
        let html =
            "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\"><title>Café “Crème” – 5 €</title></head></html>"
        #expect(Self.read(try Self.encode(html, as: "WINDOWS-1252")).title == "Café “Crème” – 5 €")
    }

    @Test(arguments: [("EUC-JP", "euc-jp", "日本語のページ"), ("GB18030", "gbk", "中文网页标题")])
    func otherEastAsianEncodings(_ iconvName: String, _ label: String, _ title: String) throws {
        let html = "<html><head><meta charset=\"\(label)\"><title>\(title)</title></head></html>"
        #expect(Self.read(try Self.encode(html, as: iconvName)).title == title)
    }

    @Test func theHeaderWinsOverTheMeta() throws {
        let html = "<html><head><meta charset=\"utf-8\"><title>가방</title></head></html>"
        #expect(Self.read(try Self.encode(html, as: "CP949"), header: "EUC-KR").title == "가방")
    }
}
