import { useEffect } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input, Textarea } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { CONFIG_LIMITS } from '../../../contract/admin-config.ts';
import {
  REFERRAL_REWARD_TOKEN,
  ReferralProgramSchema,
  type ReferralProgramView,
  referralShareText,
  withRewardToken,
} from '../../../contract/admin-referral.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ROUTES } from '../../../contract/routes/admin.ts';
import { useRoute } from '../../../lib/use-query.ts';
import { withDetail } from './config-api.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';

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

/** Referrals (docs/product.md §2): the referral program's reward, minimum booking and share message. */
export function ReferralsTab() {
  const query = useRoute(ROUTES.adminReferral);
  const program = query.data?.data;
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm<Values>(ReferralProgramSchema, { reward_amount: '', min_booking_amount: '', share_message: '' });

  // The form follows the program as loaded (or as the last save answered).
  useEffect(() => {
    if (program) reset(toValues(program));
  }, [program, reset]);

  const save = useWrite(ROUTES.adminReferralSave, {
    fallback: 'Failed to update referral program',
    onSuccess: ({ data: saved }) => {
      query.setData({ success: true, data: saved });
      toast.success('Referral program updated');
    },
    onError: (_message, error) => toast.error('Failed to update referral program', withDetail(error)),
  });
  const onSubmit = async (values: Values) => {
    await save.run({ body: values });
  };

  if (query.state.status === 'loading') return <Loading label="Loading referral program..." />;
  if (query.state.status === 'error' || !program)
    return <LoadError message="Failed to load the referral program" onRetry={() => void query.reload()} />;
  const message = watch('share_message') ?? '';
  const reward = Number(watch('reward_amount'));
  // What customers will share, as the server builds it: the reward written out follows the amount.
  const preview = Number.isFinite(reward)
    ? referralShareText(withRewardToken(message, program.reward_amount, reward), reward)
    : message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Referral Program</CardTitle>
        <CardDescription>
          What a customer earns for referring another, and the message they share.
          {program.updated_at && ` Last saved ${formatDateTime(program.updated_at)}.`}
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
            hint={`${message.length}/${CONFIG_LIMITS.shareMessage} characters. Write ${REFERRAL_REWARD_TOKEN} where the reward goes: the message always shows the current amount.`}
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
          <div className="rounded-md bg-muted px-4 py-3 text-sm" data-share-preview>
            <p className="font-medium text-foreground">Customers share</p>
            <p className="mt-1 text-muted-foreground">{preview}</p>
          </div>
          <Button type="submit" disabled={!isDirty} pending={isSubmitting}>
            Save Referral Program
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
