import Foundation
import Testing

@testable import WishlistServer

/// The modules a page preloads: what its script imports, directly or not, and nothing it loads later.
@Suite struct ModuleGraphTests {
    @Test func followsStaticImportsAndReExportsButNotDynamicOnesOrComments() throws {
        let web = FileManager.default.temporaryDirectory.appendingPathComponent("modules-\(UUID())")
        defer { try? FileManager.default.removeItem(at: web) }
        let modules = [
            "js/page/main.js": """
            // Not an import: "./never.js" from a comment.
            import {
              first,
              second,
            } from "../common/api.js";
            import "./side-effect.js";
            import { gone } from "./missing.js";
            const later = () => import("./dynamic.js");
            """,
            "js/common/api.js": #"export { route } from './routes.js';\#nimport { first } from "../page/main.js";"#,
            "js/common/routes.js": "export const route = 1;",
            "js/page/side-effect.js": "document.title = 'x';",
            "js/page/dynamic.js": "export const late = 1;",
            "js/page/never.js": "export const never = 1;"
        ]
        for (path, text) in modules {
            let file = web.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        #expect(
            ModuleGraph.imports(of: "js/page/main.js", in: web) == [
                "js/common/api.js", "js/page/side-effect.js", "js/common/routes.js"
            ])
    }

    @Test func theSharedListPagePreloadsEveryModuleItsScriptImports() throws {
        let assets = try WebAssets.bundled()
        let modules = ModuleGraph.imports(of: SharedListPage.script, in: assets.directory)
        #expect(modules.contains("js/sharing/shared-wish-dialog.js"))
        #expect(modules.contains("js/shell/i18n.js"))
        #expect(modules.contains("js/common/api-routes.js"))
        // Only what the friend's page needs: not the app's shell.
        #expect(!modules.contains("js/shell/app-shell.js"))
    }
}
