// Placeholder until the module's first type lands.
