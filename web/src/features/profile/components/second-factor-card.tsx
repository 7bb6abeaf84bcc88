import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Code, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { ApiError, isHandledError } from '../../../lib/api-client';
import type { SecondFactorProof, TotpSetup } from '../../../lib/contract';
import {
  useConfirmTotp,
  useDisableTotp,
  useRenewRecoveryCodes,
  useSecondFactor,
  useStartTotp,
} from '../api/second-factor';
import { ProofModal } from './proof-modal';
import { RecoveryCodesPanel } from './recovery-codes';

/** The secret as people type it: groups of four. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * The account's second factor: set up an authenticator app (QR code or typed key, confirmed with its
 * first code), then the recovery codes once; turn it off or renew the codes with password and code.
 */
export function SecondFactorCard() {
  const { t } = useTranslation();
  const state = useSecondFactor();
  const start = useStartTotp();
  const disable = useDisableTotp();
  const renew = useRenewRecoveryCodes();
  const [setup, setSetup] = useState<TotpSetup['data'] | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [proof, setProof] = useState<'disable' | 'renew' | null>(null);
  const [result, setResult] = useState<'disabled' | 'failed' | null>(null);
  const data = state.data?.data;

  const begin = () => {
    setResult(null);
    start.mutate(undefined, {
      onSuccess: (answer) => setSetup(answer.data),
      onError: (error) => {
        if (!isHandledError(error)) setResult('failed');
      },
    });
  };

  const submitProof = (values: SecondFactorProof, onError: (error: unknown) => void) => {
    if (proof === 'disable') {
      disable.mutate(values, {
        onSuccess: () => {
          setProof(null);
          setResult('disabled');
        },
        onError,
      });
    } else {
      renew.mutate(values, {
        onSuccess: (answer) => {
          setProof(null);
          setCodes(answer.data.recovery_codes);
        },
        onError,
      });
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="second-factor-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="second-factor-heading">
          {t('profile.secondFactor.title')}
        </Title>
        <Text>{t('profile.secondFactor.intro')}</Text>
        {state.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('profile.secondFactor.loadFailed')}
          </Alert>
        )}
        {data?.required && !data.totp && data.passkeys === 0 && (
          <Alert color="yellow" variant="light" role="note">
            {t('profile.secondFactor.requiredNotice')}
          </Alert>
        )}
        {result === 'disabled' && (
          <Alert color="teal" variant="light" role="status">
            {t('profile.secondFactor.disabled')}
          </Alert>
        )}
        {result === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {t('profile.secondFactor.failed')}
          </Alert>
        )}
        {codes ? (
          <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
        ) : setup ? (
          <TotpSetupForm
            setup={setup}
            onCancel={() => setSetup(null)}
            onDone={(recoveryCodes) => {
              setSetup(null);
              setCodes(recoveryCodes);
            }}
          />
        ) : data ? (
          data.totp ? (
            <>
              <Text fw={600}>{t('profile.secondFactor.stateOn')}</Text>
              <Text>{t('profile.secondFactor.codesLeft', { count: data.recovery_codes_left })}</Text>
              <Group gap="sm">
                <Button variant="default" onClick={() => setProof('renew')}>
                  {t('profile.secondFactor.renew')}
                </Button>
                <Button variant="default" color="red.9" onClick={() => setProof('disable')}>
                  {t('profile.secondFactor.disable')}
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Text fw={600}>{t('profile.secondFactor.stateOff')}</Text>
              <Button onClick={begin} loading={start.isPending} w="fit-content">
                {t('profile.secondFactor.setUp')}
              </Button>
            </>
          )
        ) : (
          !state.isError && <Text c="dimmed">{t('common.loading')}</Text>
        )}
      </Stack>
      <ProofModal
        opened={proof !== null}
        title={t(proof === 'renew' ? 'profile.secondFactor.renewTitle' : 'profile.secondFactor.disableTitle')}
        text={t(proof === 'renew' ? 'profile.secondFactor.renewText' : 'profile.secondFactor.disableText')}
        confirmLabel={t(proof === 'renew' ? 'profile.secondFactor.renew' : 'profile.secondFactor.disable')}
        isPending={disable.isPending || renew.isPending}
        onSubmit={submitProof}
        onClose={() => setProof(null)}
      />
    </Card>
  );
}

function TotpSetupForm({
  setup,
  onCancel,
  onDone,
}: {
  setup: TotpSetup['data'];
  onCancel: () => void;
  onDone: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmTotp();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void QRCode.toString(setup.uri, { type: 'svg', margin: 2 }).then((svg) => {
      if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [setup.uri]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setProblem(t('validation.required'));
      return;
    }
    setProblem(null);
    confirm.mutate(value, {
      onSuccess: (answer) => onDone(answer.data.recovery_codes),
      onError: (error) => {
        if (isHandledError(error)) return;
        setProblem(
          error instanceof ApiError && error.code === 'SECOND_FACTOR_INVALID'
            ? t('profile.secondFactor.codeInvalid')
            : t('profile.secondFactor.failed'),
        );
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('profile.secondFactor.scanTitle')}
        </Title>
        <Text>{t('profile.secondFactor.scanText')}</Text>
        {qr && <Image src={qr} alt={t('profile.secondFactor.qrAlt')} w={200} h={200} bg="white" />}
        <div>
          <Text fw={600} id="totp-secret-label">
            {t('profile.secondFactor.secret')}
          </Text>
          <Code fz="md" aria-labelledby="totp-secret-label" data-testid="totp-secret">
            {groupSecret(setup.secret)}
          </Code>
        </div>
        <Title order={3} size="h4">
          {t('profile.secondFactor.confirmTitle')}
        </Title>
        <TextInput
          label={t('profile.secondFactor.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          error={problem}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending}>
            {t('profile.secondFactor.confirm')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('profile.secondFactor.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
