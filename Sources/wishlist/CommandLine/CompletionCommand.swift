import WishlistClient
import WishlistCore

/// `wishlist completion bash|zsh|fish`: a completion script for the shell. Each script asks
/// `wishlist completion SHELL --line TEXT` for what completes the line typed so far, so commands,
/// options and record ids come from the same declarations and server as everything else. zsh and
/// fish get `ID<TAB>NAME` lines and show the names beside the ids; bash, which cannot, the ids alone.
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
        for candidate in await CompletionCandidates(line: line, remote: remote).all() {
            guard shell != "bash", let name = candidate.description, !name.isEmpty else {
                print(candidate.word)
                continue
            }
            // Line breaks and tabs in a name become spaces: each candidate stays one line of two fields.
            print(candidate.word + "\t" + String(name.map { $0.isNewline || $0 == "\t" ? " " : $0 }))
        }
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
                local -a lines words shown
                local line
                lines=("${(@f)$(wishlist completion zsh --line "${BUFFER[1,CURSOR]}" 2>/dev/null)}")
                if (( ${#lines[@]} )) && [[ -n "${lines[1]}" ]]; then
                    # ID<TAB>NAME: the id is inserted, the list shows "ID  -- NAME".
                    for line in "${lines[@]}"; do
                        words+=("${line%%$'\\t'*}")
                        if [[ "$line" == *$'\\t'* ]]; then
                            shown+=("${line%%$'\\t'*}  -- ${line#*$'\\t'}")
                        else
                            shown+=("$line")
                        fi
                    done
                    compadd -l -d shown -a words
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
