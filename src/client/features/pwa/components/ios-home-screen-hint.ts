/**
 * The one-time hint on iOS Safari (lib/ios-home-screen.ts): how to add Trabot to the Home Screen,
 * and that approvals by push need it. Plain DOM beside the app's root, so it costs no React render
 * of the page; "Got it" removes it for good.
 */
import './ios-home-screen-hint.css';

const IOS_HINT_TEXT = {
  title: 'Add Trabot to your Home Screen',
  steps: 'In Safari, tap Share, then Add to Home Screen.',
  why: 'Trade alerts and approving signals from the lock screen work only in the app on your Home Screen.',
  dismiss: 'Got it',
} as const;

export function showIosHomeScreenHint(onDismiss: () => void): void {
  const hint = document.createElement('aside');
  hint.className = 'ios-home-screen-hint';
  hint.setAttribute('aria-labelledby', 'ios-home-screen-hint-title');
  const title = document.createElement('h2');
  title.id = 'ios-home-screen-hint-title';
  title.textContent = IOS_HINT_TEXT.title;
  const steps = document.createElement('p');
  steps.textContent = IOS_HINT_TEXT.steps;
  const why = document.createElement('p');
  why.textContent = IOS_HINT_TEXT.why;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'app-button app-button-small';
  button.textContent = IOS_HINT_TEXT.dismiss;
  button.addEventListener('click', () => {
    // Gone first: a storage that throws (full) must not leave it on screen.
    hint.remove();
    onDismiss();
  });
  hint.append(title, steps, why, button);
  document.body.append(hint);
}
