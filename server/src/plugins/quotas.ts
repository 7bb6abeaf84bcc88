import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.ts';
import { takeAll } from './rate-limit.ts';

const MINUTE_MS = 60_000;

/** The requests counted per session and per client address in each minute. */
export type RateQuota = 'save' | 'upload' | 'pow';

const MESSAGES: Record<RateQuota, string> = {
  save: 'too many saves in a short time, try again in a moment',
  upload: 'too many uploads in a short time, try again in a moment',
  pow: 'too many challenges in a short time, try again in a moment',
};

function limitsOf(request: FastifyRequest, quota: RateQuota): [key: string, limit: number][] {
  const { config } = request.server;
  // Keys hold a session's hash or a client's address only for their minute, in memory or Redis.
  const bySession = (limit: number): [string, number][] =>
    request.session.id === null ? [] : [[`quota:${quota}:session:${request.session.id}`, limit]];
  const byClient = (limit: number): [string, number] => [`quota:${quota}:client:${request.ip}`, limit];
  switch (quota) {
    case 'save':
      return [...bySession(config.savesPerMinutePerSession), byClient(config.savesPerMinutePerClient)];
    case 'upload':
      return [...bySession(config.uploadsPerMinutePerSession), byClient(config.uploadsPerMinutePerClient)];
    case 'pow':
      return [byClient(config.powChallengesPerMinute)];
  }
}

/**
 * A route's preHandler that counts the request against its per-minute quota, per session and per
 * client address, and refuses it with 429 RATE_LIMITED and Retry-After when one is spent (nothing of
 * the body has been read then). While Redis is away the request passes uncounted: a quota guards
 * against floods, and refusing every save during an outage would cost authors their work.
 */
export function rateQuota(quota: RateQuota): preHandlerAsyncHookHandler {
  return async function checkRateQuota(request) {
    try {
      await takeAll(request.server.limiter, limitsOf(request, quota), MINUTE_MS, MESSAGES[quota]);
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAVAILABLE') {
        request.log.warn({ quota }, 'quota not counted: the rate-limit store is unavailable');
        return;
      }
      throw error;
    }
  };
}
