import { IconAlertCircle, IconBuildingBank } from '@tabler/icons-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { messages, screenMessages, guidanceMessages } from '@bank/shared/messages';
import { LiveRegion } from '../../components/live-region';
import { announce } from '../../lib/announcer';
import { paths } from '../../lib/paths';
import { ApiError, networkError } from '../../lib/api-error';
import { signIn, type Credentials, type SignInToken } from './sign-in-call';
import classes from './sign-in-page.module.css';

export interface SignInPageProps {
  /** The address's query: `?expired=1` says the session ran out, `next` where to go after sign-in. */
  search: string;
  /**
   * Signed in: the token, for the app to read the user's record and go on (`next`, home, or the
   * password change first; lib/current-user.ts). A failure it throws shows on this page.
   */
  onSignedIn: (signedIn: SignInToken) => Promise<void> | void;
  /** A link of the header was followed (the logo to the landing page, Login to this page). */
  onNavigate: (path: string) => void;
  /**
   * Once, when the user starts filling in the form (a key, a paste, a password manager): the app and
   * the screens after sign-in may start downloading (app/prefetch.ts). Not on first show: a visit
   * that only looks at the page downloads nothing more than the page (issue 22).
   */
  onFirstInput?: () => void;
}

type Errors = Partial<Record<keyof Credentials, string>>;

const ui = screenMessages.ui;

function validate({ username, password }: Credentials): Errors {
  const errors: Errors = {};
  if (!username.trim()) errors.username = ui.userIdRequired;
  if (!password) errors.password = ui.passwordRequired;
  return errors;
}

/** The form's state: values, errors of the last submit, the call under way and its failure. */
function useSignInForm(onSignedIn: SignInPageProps['onSignedIn'], username: string) {
  const [values, setValues] = useState<Credentials>({ username, password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);

  const change = (field: keyof Credentials) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    // As Mantine's form did: typing into a field clears its error.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = validate(values);
    setErrors(found);
    if (found.username || found.password) return;
    setPending(true);
    setFailure(null);
    try {
      // "Logging In..." stays until the next screen takes over.
      await onSignedIn(await signIn(values));
    } catch (error) {
      setFailure(error instanceof ApiError ? error : networkError());
      setPending(false);
    }
  };

  return { values, errors, pending, failure, change, submit };
}

/**
 * What the address says: `?expired=1` after a session ran out, and `?user=...` from a sign-in slip's
 * QR code (issue 33): the User Id is filled in, the password is next.
 */
function readSearch(search: string) {
  const query = new URLSearchParams(search);
  return { slipUser: (query.get('user') ?? '').trim().slice(0, 64), expired: query.get('expired') };
}

/** The page's title, and `onFirstInput` once, when typing starts. */
function usePageSetUp(onFirstInput: (() => void) | undefined) {
  useEffect(() => {
    document.title = 'Login · School Bank';
  }, []);
  const started = useRef(false);
  return () => {
    if (started.current) return;
    started.current = true;
    onFirstInput?.();
  };
}

/**
 * `login`: User Id and password, both required (spec §2, §5, §8), under the signed-out header.
 * The whole page is plain React with a CSS module on Mantine's variables: a first visit to /login
 * shows it before the app (router, Mantine, TanStack Query, zod) has downloaded (issue 13), and
 * the app's /login route shows the same component.
 */
export function SignInPage({ search, onSignedIn, onNavigate, onFirstInput }: SignInPageProps) {
  const { slipUser, expired } = readSearch(search);
  const { values, errors, pending, failure, change, submit } = useSignInForm(onSignedIn, slipUser);
  const id = useId();
  const focusPassword = slipUser !== '';
  const firstInput = usePageSetUp(onFirstInput);

  // A wrong password answers 401 with a generic text, and what to do if it is forgotten (issue 33);
  // anything else (throttling, no connection) says why.
  const detail = failure?.status === 401 ? ui.loginFailedHelp : failure?.message;

  return (
    <div className={classes.page}>
      <a href="#main" className="skip-link">
        {guidanceMessages.skipToContent}
      </a>
      <SignedOutHeader onNavigate={onNavigate} />
      <main id="main" tabIndex={-1} className={classes.main}>
        <div className={classes.container}>
          <div className={classes.paper}>
            <form
              onSubmit={(event) => void submit(event)}
              onInput={firstInput}
              noValidate
              className={classes.form}
            >
              <h1 className={classes.title} tabIndex={-1} data-page-heading>
                Login
              </h1>
              <p className={classes.help}>{ui.signInHelp}</p>
              {failure && <FailureMessage title={messages.loginFailed} detail={detail} />}
              {!failure && expired && <FailureMessage title={guidanceMessages.sessionExpired} />}
              <Field id={`${id}-username`} label="User Id" error={errors.username}>
                {(aria) => (
                  <input
                    {...aria}
                    className={classes.input}
                    data-error={errors.username ? true : undefined}
                    value={values.username}
                    onChange={change('username')}
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    required
                    data-autofocus={!focusPassword || undefined}
                    data-page-focus={!focusPassword || undefined}
                    autoFocus={!focusPassword}
                  />
                )}
              </Field>
              <Field id={`${id}-password`} label="Password" error={errors.password}>
                {(aria) => (
                  <PasswordBox
                    aria={aria}
                    value={values.password}
                    onChange={change('password')}
                    focus={focusPassword}
                  />
                )}
              </Field>
              <button type="submit" className={`${classes.button} ${classes.block}`} disabled={pending}>
                {pending ? messages.loggingIn : 'Login'}
              </button>
            </form>
          </div>
        </div>
      </main>
      <LiveRegion />
    </div>
  );
}

/** The header as the app's shows it to someone signed out: logo, Pricing, Features, Sign Up, Login. */
function SignedOutHeader({ onNavigate }: Pick<SignInPageProps, 'onNavigate'>) {
  const follow = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onNavigate(path);
  };
  return (
    <header className={classes.header}>
      <div className={classes.headerStart}>
        <a href={paths.landing} className={classes.home} onClick={follow(paths.landing)}>
          <div className={classes.logo}>
            <IconBuildingBank size={28} stroke={1.8} color="var(--mantine-color-anchor)" aria-hidden />
            <p className={classes.brand} data-testid="bank-name">
              School Bank
            </p>
          </div>
        </a>
        <div className={classes.links}>
          <p>Pricing</p>
          <p>Features</p>
        </div>
      </div>
      <div className={classes.actions}>
        <button type="button" className={`${classes.button} ${classes.secondary} ${classes.compact}`}>
          Sign Up
        </button>
        <a
          href={paths.login}
          className={`${classes.button} ${classes.compact}`}
          onClick={follow(paths.login)}
        >
          Login
        </a>
      </div>
    </header>
  );
}

type FieldAria = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

/** The password with its show/hide toggle, as Mantine's PasswordInput draws it. */
function PasswordBox({
  aria,
  value,
  onChange,
  focus,
}: {
  aria: FieldAria;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The first field to type in: the User Id came filled in. */
  focus: boolean;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div
      className={`${classes.input} ${classes.passwordBox}`}
      data-error={aria['aria-invalid'] ? true : undefined}
    >
      <input
        {...aria}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        autoComplete="current-password"
        required
        data-autofocus={focus || undefined}
        data-page-focus={focus || undefined}
        autoFocus={focus}
      />
      <div className={classes.section}>
        {/* Out of the tab order, as Mantine's PasswordInput has it. */}
        <button
          type="button"
          className={classes.toggle}
          aria-pressed={visible}
          aria-label={ui.togglePasswordVisibility}
          tabIndex={-1}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
    </div>
  );
}

/** Mantine's PasswordInput icon: an eye, crossed out while the password shows. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  const line = {
    fill: 'none',
    stroke: 'currentColor',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    strokeWidth: 16,
  } as const;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" aria-hidden>
      {crossed ? (
        <>
          <path
            {...line}
            d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53"
          />
          <path
            {...line}
            d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
          />
        </>
      ) : (
        <>
          <path {...line} d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
          <circle {...line} cx="128" cy="128" r="40" />
        </>
      )}
    </svg>
  );
}

interface FieldProps {
  id: string;
  label: string;
  error: string | undefined;
  children: (aria: FieldAria) => ReactNode;
}

/** A label, the input, and its error linked to it (what Mantine's InputWrapper renders). */
function Field({ id, label, error, children }: FieldProps) {
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {label}
        <span className={classes.required} aria-hidden>
          {' *'}
        </span>
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error && (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A failure in red (spec §8), as components/status-message.tsx shows one: screen readers hear it
 * once, through the live region; the box keeps its role but is not live itself.
 */
function FailureMessage({ title, detail }: { title: string; detail?: string | undefined }) {
  const id = useId();
  useEffect(() => {
    const said = `${guidanceMessages.announceFailure} ${title}`;
    announce(detail ? `${said} ${detail}` : said);
  }, [title, detail]);
  return (
    <div
      className={classes.alert}
      role="alert"
      aria-live="off"
      data-status="failure"
      aria-labelledby={`${id}-title`}
      aria-describedby={detail ? `${id}-body` : undefined}
    >
      <div className={classes.alertIcon}>
        <IconAlertCircle aria-hidden />
      </div>
      <div className={classes.alertBody}>
        <div className={classes.alertTitle} id={`${id}-title`}>
          {title}
        </div>
        {detail && (
          <div className={classes.alertMessage} id={`${id}-body`}>
            {detail}
          </div>
        )}
      </div>
    </div>
  );
}
