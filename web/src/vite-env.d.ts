/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APP_VERSION: string;
  /** How long the label printer extension has to answer, in ms (default 3000). */
  readonly VITE_PRINT_EXTENSION_TIMEOUT_MS?: string;
}
