import Foundation
import Testing

@testable import Imaging

#if canImport(Glibc)
    import Glibc
#endif

/// Renditions leave room for the server's readers: they run on their own threads, fewer than the
/// cores, at a lower priority; what they return or throw reaches the caller unchanged.
@Suite struct RenditionSlotsTests {
    @Test func leaveOneCoreToTheReaders() {
        #expect(RenditionSlots.limit == max(1, ProcessInfo.processInfo.activeProcessorCount - 1))
    }

    #if os(Linux)
        @Test func runOnAThreadOfTheirOwnAtALowerPriority() throws {
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            let caller = pthread_self()
            let (niceValue, sameThread) = try RenditionSlots.withSlot { () throws(ImagingError) in
                (getpriority(which, 0), pthread_equal(pthread_self(), caller) != 0)
            }
            #expect(niceValue == RenditionSlots.niceValue)
            #expect(!sameThread)
            #expect(getpriority(which, 0) == 0, "the caller keeps its own priority")
        }
    #endif

    @Test func anErrorReachesTheCaller() {
        #expect(throws: ImagingError.invalidEdit(reason: "test")) {
            try RenditionSlots.withSlot { () throws(ImagingError) -> Int in throw .invalidEdit(reason: "test") }
        }
    }

    @Test func manyCallersAtOnceEachGetTheirOwnAnswer() async throws {
        let answers = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for n in 0..<20 {
                group.addTask { (n, try RenditionSlots.withSlot { () throws(ImagingError) in n * n }) }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(answers == Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, $0 * $0) }))
    }
}
