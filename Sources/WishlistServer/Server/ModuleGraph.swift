import Foundation

/// The modules a script module of the web app imports, directly or through others: the static
/// `import … from "./x.js"`, `export … from "./x.js"` and `import "./x.js"` with a relative path
/// (the web app imports nothing else). A page lists them as `<link rel="modulepreload">`, so that
/// the browser asks for all of them with the page rather than one level of imports per round trip,
/// which on a slow connection is about 2 s a level.
enum ModuleGraph {
    /// The paths (relative to `webDirectory`) of what `module` (relative to it too) imports, in the
    /// order first met, `module` itself left out. An import naming no file is left out too: the
    /// browser reports it, and the module tests catch it.
    static func imports(of module: String, in webDirectory: URL) -> [String] {
        let root = webDirectory.standardizedFileURL.path + "/"
        var found: [String] = []
        var seen: Set<String> = [module]
        var waiting = [module]
        while !waiting.isEmpty {
            let current = waiting.removeFirst()
            let file = URL(fileURLWithPath: root + current)
            guard let source = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for specifier in specifiers(in: source) {
                let target = file.deletingLastPathComponent().appendingPathComponent(specifier).standardizedFileURL.path
                guard target.hasPrefix(root), FileManager.default.fileExists(atPath: target) else { continue }
                let relative = String(target.dropFirst(root.count))
                if seen.insert(relative).inserted {
                    found.append(relative)
                    waiting.append(relative)
                }
            }
        }
        return found
    }

    /// The relative specifiers of a module's static imports and re-exports. Each starts a line, so a
    /// comment that mentions one is not taken for it, and a dynamic `import("./x.js")` (loaded when
    /// needed, on purpose) is not one.
    static func specifiers(in source: String) -> [String] {
        source.matches(of: /(?m)^\s*(?:import|export)\b[^;"'`(]*?["'](\.{1,2}\/[^"']+)["']/).map { String($0.output.1) }
    }
}
