// A stand-in for Stripe.js, which the browser suite cannot download (js.stripe.com is out of
// reach here): payments-stripe.e2e.ts serves it in place of https://js.stripe.com/<version>/
// stripe.js, and this is the whole surface the web app uses, no more. `Stripe(key)` answers
// `elements({clientSecret})`, whose 'payment' element draws real labelled inputs in the page
// (Stripe's draws them in its own frame); `confirmSetup` makes a PaymentMethod of the typed card
// and confirms the SetupIntent with it; `handleNextAction` shows a bank's test page (approve or
// fail) and reports the answer. Its calls go to https://api.stripe.com with the publishable key,
// as Stripe.js's do; the test routes them to the API tests' fake of Stripe's API
// (apps/api/test/helpers/fake-stripe.ts), where the server's own calls land too.
(() => {
  const API = 'https://api.stripe.com/v1';
  // The loader checks that the version it asked for is the one that loaded.
  const train = new URL(document.currentScript.src).pathname.split('/')[1];

  async function post(key, path, fields) {
    const res = await fetch(`${API}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key, ...fields }),
    });
    const body = await res.json();
    return res.ok ? { body } : { error: body.error };
  }

  const intentId = (clientSecret) => clientSecret.split('_secret_')[0];

  function field(label, attributes) {
    const wrap = document.createElement('label');
    wrap.style.display = 'flex';
    wrap.style.flexDirection = 'column';
    wrap.style.gap = '0.25rem';
    wrap.textContent = label;
    const input = document.createElement('input');
    for (const [name, value] of Object.entries(attributes)) input.setAttribute(name, value);
    input.style.font = 'inherit';
    input.style.padding = '0.5rem';
    wrap.append(input);
    return { wrap, input };
  }

  function paymentElement() {
    const handlers = {};
    const emit = (event, payload) => {
      for (const handler of handlers[event] ?? []) handler(payload);
    };
    const number = field('Card number', { autocomplete: 'cc-number', inputmode: 'numeric' });
    const expiry = field('Expiration date', { autocomplete: 'cc-exp', placeholder: 'MM / YY' });
    const cvc = field('Security code', { autocomplete: 'cc-csc', inputmode: 'numeric' });
    const root = document.createElement('div');
    root.style.display = 'grid';
    root.style.gap = '0.75rem';
    root.append(number.wrap, expiry.wrap, cvc.wrap);
    const values = () => ({
      number: number.input.value.replace(/\D/g, ''),
      expiry: expiry.input.value.replace(/\D/g, ''),
      cvc: cvc.input.value.replace(/\D/g, ''),
    });
    const complete = () => {
      const v = values();
      return v.number.length >= 15 && v.expiry.length === 4 && v.cvc.length >= 3;
    };
    root.addEventListener('input', () => emit('change', { complete: complete(), empty: false }));
    return {
      mount(target) {
        target.append(root);
        setTimeout(() => emit('ready', {}), 0);
      },
      on(event, handler) {
        handlers[event] = [...(handlers[event] ?? []), handler];
        return this;
      },
      focus() {
        number.input.focus();
      },
      destroy() {
        root.remove();
      },
      values,
    };
  }

  /**
   * The bank's test page, over the whole page: resolves true when the payment is approved. Like
   * Stripe's, it does not undo a modal's `pointer-events: none` on <body>, so a modal dialog
   * left open over it keeps the pointer from it (radix-ui/primitives#2122).
   */
  function bankPage() {
    return new Promise((resolve) => {
      const page = document.createElement('div');
      page.setAttribute('role', 'dialog');
      page.setAttribute('aria-modal', 'true');
      page.setAttribute('aria-label', 'Bank authentication (test)');
      page.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;display:grid;place-content:center;gap:1rem;' +
        'padding:1rem;background:#fff;color:#111;font:16px sans-serif';
      const text = document.createElement('p');
      text.textContent = 'This is a test page standing in for your bank. Approve the payment?';
      page.append(text);
      for (const [label, approve] of [
        ['Complete authentication', true],
        ['Fail authentication', false],
      ]) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        button.addEventListener('click', () => {
          page.remove();
          resolve(approve);
        });
        page.append(button);
      }
      document.body.append(page);
      page.querySelector('button').focus();
    });
  }

  function Stripe(key) {
    return {
      elements({ clientSecret }) {
        let payment = null;
        return {
          clientSecret,
          create(type) {
            if (type !== 'payment') throw new Error(`the fake has no ${type} element`);
            payment = paymentElement();
            return payment;
          },
          payment: () => payment,
          // Stripe restyles its element in place (the app's theme switch); the fake's inputs
          // take the page's own colours.
          update() {},
        };
      },
      async confirmSetup({ elements }) {
        const card = elements.payment()?.values();
        if (!card || card.number.length < 15) {
          return {
            error: {
              type: 'validation_error',
              code: 'incomplete_number',
              message: 'Your card number is incomplete.',
            },
          };
        }
        if (card.expiry.length !== 4 || card.cvc.length < 3) {
          return {
            error: {
              type: 'validation_error',
              code: 'incomplete_expiry',
              message: "Your card's expiration date or security code is incomplete.",
            },
          };
        }
        const method = await post(key, '/payment_methods', {
          type: 'card',
          'card[number]': card.number,
          'card[exp_month]': card.expiry.slice(0, 2),
          'card[exp_year]': `20${card.expiry.slice(2)}`,
          'card[cvc]': card.cvc,
        });
        if (method.error) return { error: method.error };
        const setup = await post(key, `/setup_intents/${intentId(elements.clientSecret)}/confirm`, {
          client_secret: elements.clientSecret,
          payment_method: method.body.id,
        });
        return setup.error ? { error: setup.error } : { setupIntent: setup.body };
      },
      async handleNextAction({ clientSecret }) {
        const approve = await bankPage();
        const intent = await post(
          key,
          `/payment_intents/${intentId(clientSecret)}/test_authentication`,
          { client_secret: clientSecret, approve: String(approve) },
        );
        if (intent.error) return { error: intent.error };
        return intent.body.status === 'succeeded'
          ? { paymentIntent: intent.body }
          : { error: intent.body.last_payment_error };
      },
    };
  }
  Stripe.version = train === 'v3' ? 3 : train;
  window.Stripe = Stripe;
})();
