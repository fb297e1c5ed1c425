/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_INSPECT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module 'virtual:messages/*' {
  import type { MessageFormatElement } from 'react-intl';

  const messages: Record<string, MessageFormatElement[]>;
  export default messages;
}
