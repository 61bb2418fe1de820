import Foundation
import Synchronization
import Testing

@testable import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct BatchedLineWriterTests {
    /// A file the writer writes to, read back by the test.
    final class LogFile: Sendable {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString).log").path

        init() {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: path)
        }

        func writer(batchBytes: Int = 16 << 10) throws -> BatchedLineWriter {
            // The timer never fires during a test: only full batches, flushes and ending threads write.
            BatchedLineWriter(handle: try #require(FileHandle(forWritingAtPath: path)), interval: .seconds(3600), batchBytes: batchBytes)
        }

        var lines: [String] {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map(String.init)
        }
    }

    /// Runs `body` on a thread of its own and returns once that thread has ended, its thread-local
    /// destructors included (`pthread_join` waits for them).
    private func onNewThread(_ body: @escaping @Sendable () -> Void) {
        final class Work {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        let created = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, context)
        #expect(created == 0)
        pthread_join(thread, nil)
    }

    @Test func aThreadsLinesAreWrittenWhenItEnds() throws {
        let file = LogFile()
        let writer = try file.writer()
        onNewThread {
            for number in 0..<3 { writer.write("line \(number)") }
        }
        #expect(file.lines == ["line 0", "line 1", "line 2"])
    }

    @Test func flushWritesWhatLivingThreadsHold() throws {
        let file = LogFile()
        let writer = try file.writer()
        let seen = Mutex<[String]>([])
        onNewThread {
            writer.write("pending")
            let before = file.lines
            writer.flush()
            seen.withLock { $0 = before + ["--"] + file.lines }
        }
        #expect(seen.withLock { $0 } == ["--", "pending"])
    }

    @Test func aFullBatchIsWrittenAtOnce() throws {
        let file = LogFile()
        let writer = try file.writer(batchBytes: 20)
        let seen = Mutex<[[String]]>([])
        onNewThread {
            writer.write("0123456789")  // 11 bytes with its newline: below the batch size
            let afterOne = file.lines
            writer.write("abcdefghij")  // 22 bytes: the batch is full and goes out
            seen.withLock { $0 = [afterOne, file.lines] }
        }
        #expect(seen.withLock { $0 } == [[], ["0123456789", "abcdefghij"]])
    }

    @Test func linesOfManyThreadsAllArriveEachThreadInOrder() throws {
        let file = LogFile()
        let writer = try file.writer(batchBytes: 256)
        let threads = 6
        let linesPerThread = 200
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            onNewThread {
                for number in 0..<linesPerThread { writer.write("\(thread) \(number)") }
            }
        }
        writer.flush()
        let lines = file.lines
        #expect(lines.count == threads * linesPerThread)
        for thread in 0..<threads {
            let own = lines.filter { $0.hasPrefix("\(thread) ") }
            #expect(own == (0..<linesPerThread).map { "\(thread) \($0)" })
        }
    }
}
