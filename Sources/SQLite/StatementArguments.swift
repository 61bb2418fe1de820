/// The arguments of one execution of a statement: by position for plain `?` parameters, or by
/// name for `:name` ones. What `Database`'s two overloads of each call hand to `Statement`.
enum StatementArguments {
    case positional([any SQLiteBindable])
    case named(NamedArguments)
}
