function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The development provider's sign-in page: pick any name and email. */
export function loginPage({ uid, error }: { uid: string; error: string | null }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f1f5f9; color: #0f172a; margin: 0; display: flex; flex-direction: column; gap: 1rem; padding-bottom: 1rem; box-sizing: border-box; min-height: 100vh; }
  main { margin: auto; background: #fff; padding: 2rem; border-radius: 1rem; box-shadow: 0 10px 30px rgb(15 23 42 / 0.08); width: min(100% - 2rem, 26rem); box-sizing: border-box; }
  h1 { font-size: 1.35rem; margin: 0 0 .25rem; }
  p { color: #475569; margin: 0 0 1.25rem; font-size: .95rem; }
  label { display: block; font-weight: 600; font-size: .9rem; margin: 1rem 0 .35rem; }
  input { width: 100%; box-sizing: border-box; padding: .75rem; border: 1px solid #94a3b8; border-radius: .5rem; font-size: 1rem; }
  input:focus { outline: 3px solid #0f766e; outline-offset: 1px; }
  button { margin-top: 1.5rem; width: 100%; min-height: 44px; background: #0f766e; color: #fff; border: 0; border-radius: .5rem; font-size: 1rem; font-weight: 600; cursor: pointer; }
  .error { color: #b91c1c; font-weight: 600; }
  .banner { margin: 0; padding: .6rem 1rem; background: #b45309; color: #fff; font-size: .9rem; text-align: center; }
  .banner strong { text-transform: uppercase; letter-spacing: .05em; margin-right: .5rem; }
</style>
</head>
<body>
<p class="banner" role="note"><strong>Development sign-in</strong> Not for real customers: whoever opens this page signs in as anyone. Set the OIDC settings before going live.</p>
<main>
  <h1>Development sign-in</h1>
  <p>This stands in for Google on development machines. Sign in as anyone.</p>
  ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
  <form method="post" action="/oidc/interaction/${escape(uid)}/login">
    <label for="name">Full name</label>
    <input id="name" name="name" autocomplete="name" required maxlength="100">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required maxlength="320">
    <label for="picture">Picture URL (optional)</label>
    <input id="picture" name="picture" type="url" maxlength="2000">
    <button type="submit">Continue</button>
  </form>
</main>
</body>
</html>`;
}
