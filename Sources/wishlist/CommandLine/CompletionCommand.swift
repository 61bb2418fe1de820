import WishlistClient
import WishlistCore

/// `wishlist completion bash|zsh|fish`: a completion script for the shell. Each script asks
/// `wishlist completion SHELL --line TEXT` for what completes the line typed so far, so commands,
/// options and wish ids come from the same declarations and server as everything else.
struct CompletionCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "completion", abstract: "Print a shell completion script (see the README to install it).",
            arguments: [shellArgument, lineOption, RemoteServer.serverOption])
    }

    static let shellArgument = Positional("SHELL", help: "bash, zsh or fish.", format: .oneOf(["bash", "zsh", "fish"]))
    static let lineOption = Option(
        "--line", "TEXT", help: "Print what completes the end of this command line instead (the script runs this).")

    let shell: String
    let line: String?
    let remote: RemoteServer

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        line = try arguments.option(Self.lineOption)
        shell = try arguments.positional(Self.shellArgument)
    }

    func run() async throws {
        guard let line else {
            print(Self.script(shell))
            return
        }
        for candidate in await CompletionCandidates(line: line, remote: remote).all() { print(candidate) }
    }

    static func script(_ shell: String) -> String {
        switch shell {
        case "bash":
            """
            # wishlist completion for bash: eval "$(wishlist completion bash)"
            _wishlist() {
                local IFS=$'\\n'
                COMPREPLY=($(wishlist completion bash --line "${COMP_LINE:0:COMP_POINT}" 2>/dev/null))
            }
            complete -o default -F _wishlist wishlist
            """
        case "zsh":
            """
            #compdef wishlist
            # wishlist completion for zsh: eval "$(wishlist completion zsh)" after compinit
            _wishlist() {
                local -a candidates
                candidates=("${(@f)$(wishlist completion zsh --line "${BUFFER[1,CURSOR]}" 2>/dev/null)}")
                if (( ${#candidates[@]} )) && [[ -n "${candidates[1]}" ]]; then
                    compadd -a candidates
                else
                    _files
                fi
            }
            compdef _wishlist wishlist
            """
        default:
            """
            # wishlist completion for fish: wishlist completion fish | source
            complete -c wishlist -a '(wishlist completion fish --line (commandline -cp) 2>/dev/null)'
            """
        }
    }
}
