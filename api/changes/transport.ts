/** A way for the API's processes to hear one another (./bus.ts picks one: Redis or PostgreSQL). */
export interface BusTransport {
  /** Sends a message to every process that listens (itself included). */
  publish(message: string): Promise<void>;
  /** Starts listening (called once); `onListening` after every (re)subscription. */
  listen(onMessage: (message: string) => void, onListening: () => void): void;
  close(): Promise<void>;
}
