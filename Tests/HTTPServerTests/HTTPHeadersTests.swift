import Foundation
import Testing

@testable import HTTPServer

@Suite struct HTTPHeadersTests {
    @Test func namesAreCaseInsensitiveAndOrderIsKept() {
        var headers = HTTPHeaders()
        headers.add("Set-Cookie", "a=1")
        headers.add("X-Other", "x")
        headers.add("set-cookie", "b=2")
        #expect(headers["SET-COOKIE"] == "a=1")
        #expect(headers.values("Set-Cookie") == ["a=1", "b=2"])
        headers["Set-Cookie"] = "c=3"
        #expect(headers.map(\.name) == ["Set-Cookie", "X-Other"])
        #expect(headers.values("set-cookie") == ["c=3"])
        headers["x-other"] = nil
        #expect(headers.count == 1)
        #expect(!HTTPHeaders.sameName("a", "ab"))
        #expect(!HTTPHeaders.sameName("[", "{"))
    }

    @Test func cookiesAreParsed() {
        let request = Request(
            method: .GET, path: "/", headers: ["Cookie": "wishlist_session=abc; theme=\"dark\"; broken; wishlist_session=later"])
        #expect(request.cookies == ["wishlist_session": "abc", "theme": "dark"])
    }

    /// HTTP's whitespace around a cookie's name and value, spaces and tabs, is not part of them.
    @Test func cookiesAreTrimmedOfSpacesAndTabs() {
        let request = Request(method: .GET, path: "/", headers: ["Cookie": " a = 1 ;\tb=\t\"two\"\t; c="])
        #expect(request.cookies == ["a": "1", "b": "two", "c": ""])
    }

    @Test func theMediaTypeIsLowerCasedWithoutItsParametersOrWhitespace() {
        let typed = { (contentType: String?) in
            Request(method: .POST, path: "/", headers: contentType.map { ["Content-Type": $0] } ?? [:]).mediaType
        }
        #expect(typed(" Application/JSON ; charset=utf-8") == "application/json")
        #expect(typed("\tmultipart/form-data;boundary=x") == "multipart/form-data")
        #expect(typed("text/plain") == "text/plain")
        #expect(typed(nil) == nil)
    }

    @Test func headerParametersUnquote() {
        let parsed = HeaderParameters(#"form-data; name="a;b"; filename="x \"y\".jpg"; SIZE=3"#)
        #expect(parsed.value == "form-data")
        #expect(parsed.parameters == ["name": "a;b", "filename": #"x "y".jpg"#, "size": "3"])
    }
}
