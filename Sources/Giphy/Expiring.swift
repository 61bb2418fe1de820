/// A cached value and when it stops being good, on the client's clock.
struct Expiring<Value: Sendable>: Sendable {
    var value: Value
    var expires: Duration
}
