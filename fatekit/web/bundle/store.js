/* fatekit page bundle of sources fb8a2b04458c2ef77cc24eff19d90c35c5a25305dd82ca5620fd915eaa1c024f */
import{M as a,N as b,O as c,P as d,Q as e,R as f,S as g,T as h,U as i,V as j,W as k,X as l,Y as m,Z as n}from"./chunk-RKYGONND.js";export{a as app,j as errorText,g as notify,e as openSeat,k as pressed,h as redraw,i as ruleReason,c as seatExtras,b as seatView,n as send,m as showError,l as showErrorBeside,f as subscribe,d as tablePreset};
//# sourceMappingURL=/web/bundle/store.js.map
