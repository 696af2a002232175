//! Money in and out: the payout gateway, the collection provider and its channels.

use super::Secret;
use hiram_domain::payment::Channel;
use serde::Deserialize;

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum GatewayProvider {
    Sandbox,
    Xendit,
}

/// Who collects repayments (decision 024).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Collector {
    /// Nobody: no pay codes are issued.
    Off,
    /// The built-in sandbox, a demo (D8): its test pay page pays codes with
    /// no money.
    Sandbox,
    /// Xendit's Payments API (payment requests and their webhooks).
    Xendit,
}

#[derive(Clone, Debug, Deserialize)]
pub struct PaymentSettings {
    /// HMAC-SHA256 secret of the sandbox's signed callbacks; made at random
    /// for this process when the sandbox is on and none is given.
    pub sandbox_secret: Secret,
    /// Who sends payouts (and debits): the built-in sandbox or Xendit.
    pub gateway: GatewayProvider,
    /// Who collects repayments.
    pub collections: Collector,
    /// The channels borrowers may pay at, in the order the picker lists them
    /// (a list in a file, comma-separated in `APP_PAYMENTS__CHANNELS`).
    #[serde(deserialize_with = "channel_list")]
    pub channels: Vec<LiveChannel>,
    /// The channel of each loan's standing code (a store channel), or
    /// empty for none.
    pub standing_channel: StandingChannel,
    /// Pay codes with an amount one order may have made in any 24 hours
    /// (each is a payment request at the provider).
    pub pay_codes_per_order_per_day: u16,
    pub xendit_base_url: String,
    pub xendit_secret_key: Secret,
    /// The verification token of the Xendit dashboard's webhook settings,
    /// which Xendit sends as `x-callback-token`.
    pub xendit_callback_token: Secret,
    /// Where an e-wallet's checkout page sends the borrower back (https).
    pub xendit_return_url: String,
}

/// A pay-code channel named by its key (`gcash`); anything else stops the
/// server at start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LiveChannel(pub Channel);

impl<'de> Deserialize<'de> for LiveChannel {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<LiveChannel, D::Error> {
        let key = String::deserialize(deserializer)?;
        Channel::parse(&key).map(LiveChannel).ok_or_else(|| {
            let known: Vec<&str> = Channel::ALL.iter().map(|channel| channel.key()).collect();
            serde::de::Error::custom(format!("{key:?} is not a payment channel (one of {})", known.join(", ")))
        })
    }
}

fn channel_list<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<LiveChannel>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Listed {
        List(Vec<String>),
        Text(String),
    }
    let keys = match Listed::deserialize(deserializer)? {
        Listed::List(keys) => keys,
        Listed::Text(text) => text.split(',').map(|key| key.trim().to_owned()).filter(|key| !key.is_empty()).collect(),
    };
    keys.iter().map(|key| LiveChannel::deserialize(serde::de::value::StrDeserializer::<D::Error>::new(key))).collect()
}

/// The standing code's channel, or none (`""`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StandingChannel(pub Option<Channel>);

impl<'de> Deserialize<'de> for StandingChannel {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<StandingChannel, D::Error> {
        let key = String::deserialize(deserializer)?;
        if key.is_empty() {
            return Ok(StandingChannel(None));
        }
        Channel::parse(&key)
            .map(|channel| StandingChannel(Some(channel)))
            .ok_or_else(|| serde::de::Error::custom(format!("{key:?} is not a payment channel")))
    }
}

impl PaymentSettings {
    /// The channels borrowers can pay at now: none when nobody collects.
    pub fn live_channels(&self) -> Vec<Channel> {
        if self.collections == Collector::Off {
            return Vec::new();
        }
        self.channels.iter().map(|live| live.0).collect()
    }

    pub fn sandbox_on(&self) -> bool {
        self.collections == Collector::Sandbox
    }
}
