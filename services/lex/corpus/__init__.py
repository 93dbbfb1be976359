"""The legal corpus the local Lex serves: CLML and Akoma Ntoso parsers, the store, the importer."""
