import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.newPassword'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
