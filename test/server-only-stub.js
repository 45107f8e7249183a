// Stand-in for the 'server-only' package under Jest (see jest.config.mjs).
