import { createContext } from 'react';

/**
 * False while a server-rendered form waits for its script: its submit buttons are disabled
 * until then (`Button`), so a press cannot make the browser submit it itself and send what was
 * typed, a password included, to the page's address. True outside a `Form`.
 */
export const FormReadyContext = createContext(true);
