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

    @Test func headerParametersUnquote() {
        let parsed = HeaderParameters(#"form-data; name="a;b"; filename="x \"y\".jpg"; SIZE=3"#)
        #expect(parsed.value == "form-data")
        #expect(parsed.parameters == ["name": "a;b", "filename": #"x "y".jpg"#, "size": "3"])
    }
}
