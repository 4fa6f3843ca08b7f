import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input, Textarea } from '../../../components/ui/field.tsx';
import { Loading, Spinner } from '../../../components/ui/spinner.tsx';
import { CONFIG_LIMITS, ReferralProgramSchema, type ReferralProgramView } from '../../../contract/admin-config.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { fieldAria, FormField } from '../../auth/FormField.tsx';
import { LoadError } from '../LoadError.tsx';
import { configApi, withDetail } from './config-api.ts';

interface Values {
  reward_amount: string;
  min_booking_amount: string;
  share_message: string;
}
const toValues = (p: ReferralProgramView): Values => ({
  reward_amount: p.reward_amount.toFixed(2),
  min_booking_amount: p.min_booking_amount.toFixed(2),
  share_message: p.share_message,
});

/** Referrals (spec section 2): the referral program's reward, minimum booking and share message. */
export function ReferralsTab() {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error' } | { status: 'ready'; program: ReferralProgramView }
  >({ status: 'loading' });
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values>({
    resolver: zodResolver(ReferralProgramSchema, undefined, { raw: true }) as unknown as Resolver<Values>,
    defaultValues: { reward_amount: '', min_booking_amount: '', share_message: '' },
  });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const program = await configApi.referral();
      reset(toValues(program));
      setState({ status: 'ready', program });
    } catch {
      setState({ status: 'error' });
    }
  }, [reset]);
  useEffect(() => {
    void load();
  }, [load]);

  const onSubmit = async (values: Values) => {
    try {
      const program = await configApi.putReferral(values);
      reset(toValues(program));
      setState({ status: 'ready', program });
      toast.success('Referral program updated');
    } catch (error) {
      toast.error('Failed to update referral program', withDetail(error));
    }
  };

  if (state.status === 'loading') return <Loading label="Loading referral program..." />;
  if (state.status === 'error')
    return <LoadError message="Failed to load the referral program" onRetry={() => void load()} />;
  const message = watch('share_message') ?? '';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Referral Program</CardTitle>
        <CardDescription>
          What a customer earns for referring another, and the message they share.
          {state.program.updated_at && ` Last saved ${formatDateTime(state.program.updated_at)}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="max-w-xl space-y-4" aria-busy={isSubmitting}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="referral-reward_amount"
              label="Reward Amount ($)"
              error={errors.reward_amount?.message}
              hint="Base reward per referral"
            >
              <Input
                id="referral-reward_amount"
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                required
                {...fieldAria('referral-reward_amount', errors.reward_amount?.message, true)}
                {...register('reward_amount')}
              />
            </FormField>
            <FormField
              id="referral-min_booking_amount"
              label="Minimum Booking ($)"
              error={errors.min_booking_amount?.message}
              hint="Smallest booking that earns it"
            >
              <Input
                id="referral-min_booking_amount"
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                required
                {...fieldAria('referral-min_booking_amount', errors.min_booking_amount?.message, true)}
                {...register('min_booking_amount')}
              />
            </FormField>
          </div>
          <FormField
            id="referral-share_message"
            label="Share Message"
            error={errors.share_message?.message}
            hint={`${message.length}/${CONFIG_LIMITS.shareMessage} characters`}
          >
            <Textarea
              id="referral-share_message"
              rows={4}
              maxLength={CONFIG_LIMITS.shareMessage}
              required
              {...fieldAria('referral-share_message', errors.share_message?.message, true)}
              {...register('share_message')}
            />
          </FormField>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting && <Spinner />}
            Save Referral Program
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
