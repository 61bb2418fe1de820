import CMalloc
import CVips
import Foundation

/// Starts libvips once per process with settings for a server that renders
/// many photos at once, and turns libvips' error buffer into messages.
enum VipsRuntime {
    /// The loaders Imaging trusts; every other loader (SVG, PDF, matrix, raw
    /// vips files…) is blocked so that no crafted file can reach it.
    private static let allowedLoaders = [
        "VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp",
        "VipsForeignLoadNsgif", "VipsForeignLoadHeif"
    ]

    /// Threads libvips may use per image pipeline. The server already runs
    /// several jobs in parallel on few cores; more threads per job only add
    /// memory (each keeps its own tile buffers).
    static let threadsPerPipeline: Int32 = 1

    /// nil once libvips has started, else why it could not. Swift runs a
    /// global's initialiser exactly once, even under concurrent first use.
    ///
    /// libvips is not linked but loaded here, on the first image: its
    /// hundred shared libraries would otherwise cost an idle server about
    /// 10 MB (see CVips).
    private static let startupFailure: String? = {
        if let loadFailure = cvips_load() { return String(cString: loadFailure) }
        guard cvips_init("wishlist") == 0 else { return takeErrorMessage() }
        // Every job reads a different original once; cached operations would
        // only hold memory, and a cache keyed by file name could serve a
        // replaced file's old pixels.
        cvips_cache_set_max(0)
        cvips_concurrency_set(threadsPerPipeline)
        // This module makes the big blocks (see ImagingBenchmark for the
        // measured effect), also where no server set the policy at start.
        cmalloc_return_large_blocks_promptly()
        cvips_block_untrusted_set(true)
        cvips_operation_block_set("VipsForeignLoad", true)
        for loader in allowedLoaders {
            cvips_operation_block_set(loader, false)
        }
        return nil
    }()

    /// Loads and starts libvips on first use.
    static func start() throws(ImagingError) {
        if let startupFailure {
            throw .libraryUnavailable(reason: startupFailure)
        }
    }

    /// Takes (and clears) libvips' error buffer as one short line (see
    /// `cleanedMessage`), with `hiddenPath` replaced.
    ///
    /// The buffer is shared by all threads, so under concurrent failures a
    /// message may include another job's words; the error's kind is always
    /// decided by the failing call itself.
    static func takeErrorMessage(hiding hiddenPath: String? = nil) -> String {
        guard let raw = cvips_error_buffer_copy() else { return cleanedMessage("", hiding: hiddenPath) }
        defer { cvips_free(raw) }
        return cleanedMessage(String(cString: raw), hiding: hiddenPath)
    }

    /// The first three distinct lines of a libvips error text, joined, at
    /// most 300 characters, without class-name prefixes and without file
    /// paths, which must not reach API clients.
    static func cleanedMessage(_ text: String, hiding hiddenPath: String?) -> String {
        var text = text
        if let hiddenPath, !hiddenPath.isEmpty {
            text = text.replacingOccurrences(of: hiddenPath, with: "image")
        }
        // Other jobs' paths can be in the shared buffer too.
        text = text.replacing(#/"/[^"\n]*"/#, with: "image")
        var seen = Set<String>()
        let lines = text.split(whereSeparator: \.isNewline)
            .map { line in
                withoutClassPrefix(line.replacing(#/^\s*/\S*: /#, with: "").trimmingCharacters(in: .whitespaces))
            }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        let message = lines.prefix(3).joined(separator: "; ")
        return message.isEmpty ? "unknown libvips error" : String(message.prefix(300))
    }

    /// "VipsJpeg: Premature end of JPEG file" → "Premature end of JPEG file".
    private static func withoutClassPrefix(_ line: String) -> String {
        guard line.hasPrefix("Vips") || line.hasPrefix("vips"),
            let colon = line.firstIndex(of: ":"),
            !line[..<colon].contains(" ")
        else { return line }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
}
