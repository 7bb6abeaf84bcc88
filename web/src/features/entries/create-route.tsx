import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { Alert, Button, Checkbox, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './create-strings';
import { useBlocker, useNavigate, useParams, type BlockerFunction } from 'react-router';
import { paths } from '../../lib/paths';
import { setAuth } from '../../lib/auth-store';
import { entryPasswordProblems, PASSWORD_MIN, type FieldError } from '../../lib/contract';
import { writeCurrentEntry } from '../../lib/current-entry';
import { announce } from '../../lib/announce';
import { showDangerToast } from '../../lib/notify';
import { Page } from '../../components/page';
import { createEntryWithPow, PowFlowError } from './pow/create-with-pow-lazily';
import { createThrottle, estimatePow, POW_ANNOUNCE_EVERY_MS, type PowEstimate } from './pow/pow-estimate';
import { CopyField } from './components/copy-field';
import { permalinkOf } from './permalink';
import { PasswordInput } from '../../components/password-input';

// The dialog (Mantine's Modal brings its ScrollArea, about 20 KB gzip) loads only when it is needed.
const ConfirmModal = lazy(() =>
  import('../../components/confirm-modal').then((module) => ({ default: module.ConfirmModal })),
);

type Phase = { step: 'form' } | { step: 'solving' } | { step: 'confirm'; id: string };

type PowProgress = PowEstimate & { tries: number };

/** createCPT: password and repeat, the proof-of-work wait, then the author saves password and link. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { cpt = '' } = useParams();
  const [phase, setPhase] = useState<Phase>({ step: 'form' });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [passwordErrors, setPasswordErrors] = useState<FieldError[]>([]);
  const [repeatError, setRepeatError] = useState(false);
  const [progress, setProgress] = useState<PowProgress>({ tries: 0, percent: 0, secondsLeft: null });
  const [saved, setSaved] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  // Leaving the page stops the workers.
  useEffect(() => () => abortRef.current?.abort(), []);

  // The password and the link exist nowhere else: leaving before saving them asks first.
  const mustConfirm = phase.step === 'confirm' && !saved;
  const mustConfirmRef = useRef(mustConfirm);
  // Set as the render commits, so a navigation right after it is already asked about.
  useLayoutEffect(() => {
    mustConfirmRef.current = mustConfirm;
  }, [mustConfirm]);
  useEffect(() => {
    if (!mustConfirm) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [mustConfirm]);
  const shouldBlock = useCallback<BlockerFunction>(() => mustConfirmRef.current, []);
  const blocker = useBlocker(shouldBlock);

  // The confirmation is a screen of its own: focus goes to its heading, as after a navigation.
  useEffect(() => {
    if (phase.step === 'confirm') document.querySelector<HTMLElement>('h1')?.focus();
  }, [phase.step]);

  const estimateText = ({ percent, secondsLeft }: PowEstimate) =>
    t('pow.estimate', {
      percent,
      left:
        secondsLeft === null
          ? t('pow.measuring')
          : secondsLeft === 0
            ? t('pow.almostDone')
            : t('pow.secondsLeft', { count: secondsLeft }),
    });

  const passwordMessage = (error: FieldError) =>
    t(`entry.create.passwordErrors.${error.keyword}`, {
      min: PASSWORD_MIN,
      defaultValue: t('entry.create.passwordErrors.invalid'),
    });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = entryPasswordProblems(password);
    const mismatch = password !== repeat;
    setPasswordErrors(problems);
    setRepeatError(mismatch);
    if (problems.length > 0 || mismatch) return;

    const controller = new AbortController();
    abortRef.current = controller;
    setProgress({ tries: 0, percent: 0, secondsLeft: null });
    setPhase({ step: 'solving' });
    announce(t('pow.waiting'));
    // A screen reader hears how it goes every few seconds, not at every report (several a second).
    const mayAnnounce = createThrottle(POW_ANNOUNCE_EVERY_MS);
    mayAnnounce(performance.now());
    let startedAt = 0;
    try {
      const { id, auth } = await createEntryWithPow({
        cpt,
        password,
        signal: controller.signal,
        onProgress: (tries, difficulty) => {
          const now = performance.now();
          if (tries === 0) startedAt = now;
          const estimate = estimatePow(tries, difficulty, now - startedAt);
          setProgress({ tries, ...estimate });
          if (tries > 0 && mayAnnounce(now)) announce(estimateText(estimate));
        },
      });
      setAuth(auth);
      writeCurrentEntry({ cpt, id });
      setPhase({ step: 'confirm', id });
    } catch (error) {
      if (controller.signal.aborted) return;
      const failure = error instanceof PowFlowError ? error.failure : ({ kind: 'rejected' } as const);
      if (failure.kind === 'password') {
        setPasswordErrors(failure.fields);
        setPhase({ step: 'form' });
        return;
      }
      if (failure.kind === 'challenge') {
        showDangerToast(t('pow.failedTitle'), t('pow.challengeFailed'));
      } else if (failure.kind === 'rejected') {
        showDangerToast(t('pow.failedTitle'), t('pow.solutionRejected'));
      }
      if (failure.kind !== 'handled') void navigate(paths.home(), { replace: true });
    }
  };

  if (phase.step === 'confirm') {
    const entry = { cpt, id: phase.id };
    return (
      <Page title={t('entry.create.savedTitle')} size="sm">
        <Alert color="blue" variant="light" title={t('entry.create.keepTitle')}>
          {t('entry.create.keepText')}
        </Alert>
        <CopyField
          label={t('entry.create.permalink')}
          value={permalinkOf(entry)}
          copyLabel={t('entry.copy.copyLink')}
        />
        <CopyField
          label={t('entry.create.password')}
          value={password}
          secret
          copyLabel={t('entry.copy.copyPassword')}
        />
        <Checkbox
          label={t('entry.create.confirmSaved')}
          checked={saved}
          onChange={(event) => setSaved(event.currentTarget.checked)}
        />
        <Button
          w="fit-content"
          disabled={!saved}
          onClick={() => void navigate(paths.editCPT(entry), { replace: true })}
        >
          {t('entry.create.continue')}
        </Button>
        {blocker.state === 'blocked' && (
          <Suspense fallback={null}>
            <ConfirmModal
              opened
              title={t('entry.create.leaveTitle')}
              text={t('entry.create.leaveText')}
              cancelLabel={t('entry.create.leaveStay')}
              confirmLabel={t('entry.unsaved.leave')}
              color="red.9"
              autoFocus="cancel"
              onClose={() => blocker.reset?.()}
              onConfirm={() => blocker.proceed?.()}
            />
          </Suspense>
        )}
      </Page>
    );
  }

  if (phase.step === 'solving') {
    return (
      <Page title={t('entry.create.title')} size="sm">
        {/* Said through the app's live region (lib/announce.ts), at most every few seconds. */}
        <Stack gap="sm">
          <Text fw={600}>{t('pow.waiting')}</Text>
          <Progress value={progress.percent} aria-label={t('pow.progressLabel')} animated striped />
          <Text size="sm">{estimateText(progress)}</Text>
          <Text size="sm">{t('pow.progress', { tries: progress.tries })}</Text>
        </Stack>
      </Page>
    );
  }

  return (
    <Page title={t('entry.create.title')} size="sm">
      <Text>{t('entry.create.intro')}</Text>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('entry.create.password')}
            description={t('entry.create.passwordRule', { min: PASSWORD_MIN })}
            name="password"
            autoComplete="new-password"
            required
            value={password}
            error={passwordErrors.length > 0 ? passwordErrors.map(passwordMessage).join(' ') : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('entry.create.showPassword') }}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setPasswordErrors([]);
            }}
          />
          <PasswordInput
            label={t('entry.create.passwordRepeat')}
            name="password-repeat"
            autoComplete="new-password"
            required
            value={repeat}
            error={repeatError ? t('entry.create.repeatMismatch') : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('entry.create.showRepeat') }}
            onChange={(event) => {
              setRepeat(event.currentTarget.value);
              setRepeatError(false);
            }}
          />
          <Button type="submit" w="fit-content">
            {t('entry.create.submit')}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
