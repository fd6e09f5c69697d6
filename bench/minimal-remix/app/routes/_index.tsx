import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "New Remix App" }];

export default function Index() {
  return (
    <main>
      <h1>Welcome to Remix</h1>
    </main>
  );
}
