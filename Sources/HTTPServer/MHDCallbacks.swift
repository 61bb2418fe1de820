import CMicroHTTPD

// libmicrohttpd calls these from its own threads. They are plain functions in
// this library (a closure in an executable's main.swift would be isolated to
// the main actor and trap), and find their `Server` through the unretained
// context pointer given to the daemon.

/// Called with the raw request target before anything else; its result becomes `con_cls`.
func serverRequestStarted(
    _ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    guard let cls, let connection else { return nil }
    let server = Unmanaged<Server>.fromOpaque(cls).takeUnretainedValue()
    let context = RequestContext(
        rawTarget: uri.map { String(cString: $0) } ?? "", connection: connection, inFlight: server.inFlight)
    return Unmanaged.passRetained(context).toOpaque()
}

func serverAccessHandler(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?,
    _ uploadData: UnsafePointer<CChar>?, _ uploadDataSize: UnsafeMutablePointer<Int>?,
    _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let method, let uploadDataSize, let raw = conCls?.pointee else { return .NO }
    let server = Unmanaged<Server>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
    let chunk = UnsafeRawBufferPointer(start: uploadData, count: uploadData == nil ? 0 : uploadDataSize.pointee)
    return server.serve(context, connection: connection, method: method, chunk: chunk, consumed: uploadDataSize)
}

func serverRequestCompleted(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ reason: MHD_RequestTerminationCode
) {
    guard let conCls, let raw = conCls.pointee else { return }
    conCls.pointee = nil
    let context = Unmanaged<RequestContext>.fromOpaque(raw)
    context.takeUnretainedValue().complete()
    context.release()
}
