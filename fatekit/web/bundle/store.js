/* fatekit page bundle of sources 89d4e61d565c24b92dc1aaf9a43fffebfb5b0ea53cfe093735d7217d0cc995b2 */
import{H as a,I as b,J as c,K as d,L as e,M as f,N as g,O as h,P as i,Q as j,R as k,S as l,T as m,U as n}from"./chunk-ZRFNDDED.js";export{a as app,j as errorText,g as notify,e as openSeat,k as pressed,h as redraw,i as ruleReason,c as seatExtras,b as seatView,n as send,m as showError,l as showErrorBeside,f as subscribe,d as tablePreset};
//# sourceMappingURL=/web/bundle/store.js.map
